import MatrixJSON

/// `--output json` for `/react`, `/unreact` and `/redact`; the fields are in docs/json-output.md.
extension RelationOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .reactionQueued(let key, let reference, let number): ["key": .string(key), "ref": .string(reference), "target_ref": .string("~\(number)")]
        case .redactionQueued(let reference, let number): ["ref": .string(reference), "target_ref": .string("~\(number)")]
        }
    }
}
