import MatrixClient
import MatrixJSON

/// `--output json` for the membership commands; the fields are in docs/json-output.md.
extension MembershipOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .declined(let name): ["room": name.json]
        case .created(let roomID, let alias, let name, let isEncrypted, let isSpace, let space):
            ["room_id": .string(roomID), "alias": alias.json, "name": name.json, "encrypted": .bool(isEncrypted), "is_space": .bool(isSpace), "space": space.json]
        case .directChat(let roomID, let userID, let isNew): ["room_id": .string(roomID), "user_id": .string(userID), "created": .bool(isNew)]
        case .changed(_, let userID, let name, let history):
            ["user_id": .string(userID), "room": name.json].merging(history.map(Self.json(of:)) ?? [:]) { $1 }
        case .knocked(let roomID, let target): ["room_id": .string(roomID), "target": .string(target)]
        case .knocks(let name, let knocks): ["room": name.json, "knocks": .array(knocks.map { .object($0.json) })]
        }
    }
}

extension MembershipOutcome {
    /// `history_shared`, with how many keys went to how many devices, or why nothing went.
    static func json(of history: HistoryShare) -> [String: JSONValue] {
        switch history {
        case .shared(let devices, let keys):
            ["history_shared": true, "history_keys": .integer(Int64(keys)), "history_devices": .integer(Int64(devices))]
        case .notShared(let reason): ["history_shared": false, "history_not_shared": .string(reason.rawValue)]
        }
    }
}

extension Knock {
    /// A knock as `--output json` carries it, in `/knocks` and in a `knock` event.
    var json: [String: JSONValue] {
        ["room_id": .string(roomID), "user_id": .string(userID), "display_name": displayName.map { .string($0) } ?? .null,
         "reason": reason.map { .string($0) } ?? .null]
    }
}
