import MatrixClient
import MatrixJSON

/// `--output json` for the room commands; the fields are in docs/json-output.md.
extension RoomOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .list(let rooms, let cells): ["rooms": NumberedRoom.json(NumberedRoom.numbering(rooms)) { cells[$0.roomID]?.json ?? [:] }]
        case .unread(let rooms, let cells): ["rooms": NumberedRoom.json(rooms) { cells[$0.roomID]?.json ?? [:] }]
        case .markedRead(let name): ["room": name.json]
        case .markedUnread(let name): ["room": name.json, "marked_unread": true]
        case .opened(let name, let messages, let draft, let header):
            ["room": name.json, "messages": .array(messages.map { .object($0.json) }), "draft": draft.json,
             "pinned_count": .integer(Int64(header.pinnedCount)), "replaced_by": header.replacement.map { .string($0.roomID) } ?? .null]
        case .openedBeforeSync(let name, let draft): ["room": name.json, "messages": [], "draft": draft.json, "awaiting_sync": .bool(true)]
        case .searchResults(let hits, let skipsEncrypted):
            ["results": .array(hits.map { .object($0.message.json.merging(["room": $0.roomName.json]) { $1 }) }),
             "encrypted_not_searched": .bool(skipsEncrypted)]
        case .history(let messages): ["messages": .array(messages.map { .object($0.json) })]
        case .members(let members): ["members": .array(members.map { ["user_id": .string($0.userID), "name": $0.name.json] })]
        case .text(let kind, let text): [kind.rawValue: text?.json ?? .null]
        case .textChanged: [:]
        case .joined(let roomID, let roomName): ["room_id": .string(roomID), "name": roomName.json]
        case .left(let name): ["room": name.json]
        case .forgotten(let name): ["room": name.json, "forgotten": true]
        case .joinRule(let rule, let spaces, let changed): ["join_rule": rule.json, "spaces": .array(spaces.map(\.json)), "changed": .bool(changed)]
        case .news(let rooms):
            ["rooms": .array(rooms.map { .object($0.room.json.merging(["number": $0.number.map { .integer(Int64($0)) } ?? .null]) { $1 }) })]
        case .recent(let name, let messages): ["room": name.json, "messages": .array(messages.map { .object($0.json) })]
        }
    }
}

extension NumberedRoom {
    /// Rooms as shown, each with its number and what `extra` adds.
    static func json(_ rooms: [NumberedRoom], adding extra: (RoomEntry) -> [String: JSONValue] = { _ in [:] }) -> JSONValue {
        .array(rooms.map { listed in .object(listed.room.json.merging(extra(listed.room).merging(["number": .integer(Int64(listed.number))]) { $1 }) { $1 }) })
    }
}

extension RoomEntry {
    /// The fields every room object carries in `--output json`.
    var json: [String: JSONValue] {
        ["room_id": .string(roomID), "name": name.json, "membership": .string(membership.rawValue),
         "canonical_alias": canonicalAlias?.json ?? .null, "is_direct": .bool(isDirect), "is_space": .bool(isSpace), "encrypted": .bool(isEncrypted),
         "notification_count": .integer(Int64(notificationCount)), "highlight_count": .integer(Int64(highlightCount)), "muted": .bool(isMuted),
         "marked_unread": .bool(isMarkedUnread)]
    }
}
