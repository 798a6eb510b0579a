import MatrixClient
import MatrixJSON

/// `--output json` for `/notify`; the fields are in docs/json-output.md.
extension NotificationOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .level(let roomName, let roomID, let level, let isOwn, let kind):
            ["room": roomName.json, "room_id": .string(roomID), "level": .string(level.rawValue), "own": .bool(isOwn), "kind": .string(kind.rawValue)]
        case .keywords(let keywords):
            ["keywords": .array(keywords.map(\.json))]
        case .defaults(let defaults):
            ["defaults": .object(Dictionary(uniqueKeysWithValues: defaults.levels.map { ($0.key.rawValue, JSONValue.string($0.value.rawValue)) })),
             "invites": .bool(defaults.invitesNotify)]
        }
    }
}
