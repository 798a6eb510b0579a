import MatrixJSON

/// `--output json` for `/download` and `/view`; the fields are in docs/json-output.md.
extension MediaOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .downloaded(let path, let size): ["path": .string(path), "size": .integer(Int64(size))]
        case .viewed(let picture): ["picture": .object(picture.json)]
        }
    }
}
