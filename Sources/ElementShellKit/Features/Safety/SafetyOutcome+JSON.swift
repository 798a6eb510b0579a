import MatrixJSON

/// `--output json` for `/ignore`, `/unignore` and `/ignored`; the fields are in docs/json-output.md.
extension SafetyOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .ignored(let userIDs, let changed):
            ["ignored_users": .array(userIDs.map { .string($0) }), "user_id": changed.map { .string($0.userID) } ?? .null,
             "ignored": changed.map { .bool($0.isIgnored) } ?? .null]
        case .reported(let item):
            switch item {
            case .message(reference: _, senderName: _, let eventID, let roomID): ["reported": "message", "event_id": .string(eventID), "room_id": .string(roomID)]
            case .room(name: _, let roomID): ["reported": "room", "room_id": .string(roomID)]
            case .user(let userID): ["reported": "user", "user_id": .string(userID)]
            }
        case .invites(let blocked, let changed, let pending):
            ["blocked": .bool(blocked), "changed": .bool(changed),
             "pending": .array(pending.map { .object($0.room.json.merging(["number": .integer(Int64($0.number))]) { $1 }) })]
        }
    }
}
