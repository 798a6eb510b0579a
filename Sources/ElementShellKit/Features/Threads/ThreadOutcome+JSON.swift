import MatrixJSON

/// `--output json` for `/thread`, `/back` and `/threads`; the fields are in docs/json-output.md.
extension ThreadOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .opened(let name, let root, let messages, let draft):
            ["room": name.json, "root": .object(root.json), "messages": .array(messages.map { .object($0.json) }), "draft": draft.json]
        case .closed(let name): ["room": name.json]
        case .list(let roots): ["threads": .array(roots.map { .object($0.json) })]
        }
    }
}
