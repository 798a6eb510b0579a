import MatrixClient
import MatrixJSON

/// `--output json` for the space commands; the fields are in docs/json-output.md.
extension SpaceOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .list(let spaces):
            ["spaces": NumberedRoom.json(NumberedRoom.numbering(spaces), adding: { ["child_count": .integer(Int64($0.childCount))] })]
        case .rooms(let name, let rooms): ["space": name.json, "rooms": .array(rooms.map { .object($0.json) })]
        case .hierarchy(let name, let rooms, let isComplete, _):
            ["space": name.json, "complete": .bool(isComplete), "rooms": .array(rooms.enumerated().map { index, room in
                ["number": .integer(Int64(index + 1)), "room_id": .string(room.roomID), "name": room.name?.json ?? .null, "canonical_alias": room.canonicalAlias?.json ?? .null,
                 "topic": room.topic?.json ?? .null, "joined_member_count": .integer(Int64(room.joinedMemberCount)), "is_space": .bool(room.isSpace),
                 "join_rule": room.joinRule.json, "via": .array(room.via.map(JSONValue.string)),
                 "membership": room.membership.map { .string($0.rawValue) } ?? .null,
                 "notification_count": .integer(Int64(room.notificationCount)), "highlight_count": .integer(Int64(room.highlightCount)),
                 "latest": room.latest?.json ?? .null]
            })]
        case .kicked(let userID, let name, let results):
            ["user_id": .string(userID), "space": name.json, "rooms": .array(results.map { result in
                ["room_id": .string(result.roomID), "room": result.roomName.json, "removed": .bool(result.error == nil),
                 "invited": .bool(result.wasInvited), "error": result.error.map(\.json) ?? .null]
            })]
        case .alreadyJoined(let roomID, let name): ["room_id": .string(roomID), "name": name.json, "already_joined": .bool(true)]
        case .childAdded(let space, let room, let parentLinked): ["space": space.json, "room": room.json, "parent_linked": .bool(parentLinked)]
        case .childRemoved(let space, let room, let parentUnlinked): ["space": space.json, "room": room.json, "parent_unlinked": .bool(parentUnlinked)]
        }
    }
}

extension SpaceCell {
    /// A grouped space's member count and the newest message of its rooms.
    var json: [String: JSONValue] {
        ["joined_member_count": .integer(Int64(joinedMemberCount)), "latest": latest?.json ?? .null]
    }
}

extension RoomPreview {
    /// A room's newest message, as room lists show it.
    var json: JSONValue {
        ["room_id": .string(roomID), "room_name": roomName.json, "sender_name": senderName.json,
         "body": body.json, "msgtype": .string(msgtype), "origin_server_ts": .integer(timestamp),
         "redacted": .bool(isRedacted), "decryption_failure": decryptionFailure.map { .string($0.rawValue) } ?? .null]
    }
}
