import MatrixJSON

/// `--output json` for `/ignore`, `/unignore` and `/ignored`; the fields are in docs/json-output.md.
extension SafetyOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .ignored(let userIDs, let changed):
            ["ignored_users": .array(userIDs.map { .string($0) }), "user_id": changed.map { .string($0.userID) } ?? .null,
             "ignored": changed.map { .bool($0.isIgnored) } ?? .null]
        case .invites(let blocked, let changed, let pending):
            ["blocked": .bool(blocked), "changed": .bool(changed),
             "pending": .array(pending.map { .object($0.room.json.merging(["number": .integer(Int64($0.number))]) { $1 }) })]
        }
    }
}
