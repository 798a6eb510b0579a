import MatrixJSON

/// `--output json` never draws pictures; these fields say what would have been drawn, for the
/// renderer's completeness. They are in docs/json-output.md.
extension ShownPicture {
    var json: [String: JSONValue] {
        var fields: [String: JSONValue] = ["event_id": eventID.json, "ref": reference.map { .string("~\($0)") } ?? .null, "name": name.json]
        switch drawing {
        case .drawn(let picture):
            fields["protocol"] = .string(picture.graphicsProtocol.rawValue)
            fields["columns"] = .integer(Int64(picture.cells.columns))
            fields["rows"] = .integer(Int64(picture.cells.rows))
        case .failed(let problem):
            fields["error"] = ShellError.pictureNotShown(label: name.unsanitized, problem).json
        }
        return fields
    }
}
