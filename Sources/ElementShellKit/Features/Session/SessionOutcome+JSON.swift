import MatrixJSON

/// `--output json` for the session's commands; the fields are in docs/json-output.md.
extension SessionOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .loggedIn(let summary), .whoami(let summary): summary.json
        case .accountManagement(let url): ["url": .string(url.absoluteString)]
        case .loggedOut(let userID): ["user_id": .string(userID)]
        case .displayName(let name, let userID, let changed):
            ["display_name": name?.json ?? .null, "user_id": .string(userID), "changed": .bool(changed)]
        }
    }
}

extension SessionSummary {
    var json: [String: JSONValue] {
        var fields: [String: JSONValue] = ["user_id": .string(userID), "device_id": deviceID.json, "homeserver": .string(homeserverURL.absoluteString)]
        if let method = syncMethod { fields["sync"] = .string(method.rawValue) }
        return fields
    }
}
