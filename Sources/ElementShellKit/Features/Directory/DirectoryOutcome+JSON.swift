import MatrixJSON

/// `--output json` for `/directory`; the fields are in docs/json-output.md.
extension DirectoryOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .rooms(let server, let search, let rooms, let firstNumber, let hasMore, let totalEstimate):
            ["server": server.map { .string($0) } ?? .null, "search": search?.json ?? .null, "more": .bool(hasMore),
             "total_estimate": totalEstimate.map { .integer(Int64($0)) } ?? .null,
             "rooms": .array(rooms.enumerated().map { index, room in
                 ["number": .integer(Int64(firstNumber + index)), "room_id": .string(room.roomID), "name": room.name?.json ?? .null,
                  "canonical_alias": room.canonicalAlias?.json ?? .null, "topic": room.topic?.json ?? .null,
                  "members": .integer(Int64(room.joinedMemberCount)), "join_rule": room.joinRule.map { .string($0) } ?? .null,
                  "is_space": .bool(room.isSpace), "membership": room.membership.map { .string($0.rawValue) } ?? .null]
             })]
        }
    }
}
