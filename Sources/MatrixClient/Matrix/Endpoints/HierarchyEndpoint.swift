import Foundation

/// The answer of `GET /_matrix/client/v1/rooms/{roomId}/hierarchy`: rooms depth first, the
/// space itself first on the first page.
struct HierarchyResponse: Decodable, Sendable {
    /// A room as the hierarchy and the room directory describe it (`PublishedRoomsChunk`, which
    /// the hierarchy adds the space's children to).
    struct Room: Decodable, Sendable {
        var roomID: String
        var name: String?
        var canonicalAlias: String?
        var topic: String?
        var numJoinedMembers: Int
        var roomType: String?
        var joinRule: String?
        var childrenState: [ChildState]?

        enum CodingKeys: String, CodingKey {
            case roomID = "room_id", name, topic
            case canonicalAlias = "canonical_alias", numJoinedMembers = "num_joined_members", roomType = "room_type"
            case joinRule = "join_rule", childrenState = "children_state"
        }
    }

    /// A stripped `m.space.child` event: its state key is the child's ID.
    struct ChildState: Decodable, Sendable {
        struct Content: Decodable, Sendable {
            var via: [String]?
        }

        var stateKey: String
        var content: Content

        enum CodingKeys: String, CodingKey {
            case stateKey = "state_key", content
        }
    }

    var rooms: [Room]
    var nextBatch: String?

    enum CodingKeys: String, CodingKey {
        case rooms, nextBatch = "next_batch"
    }

    var page: SpaceHierarchyPage {
        SpaceHierarchyPage(rooms: rooms.map(\.spaceRoom), next: nextBatch)
    }
}

extension HierarchyResponse.Room {
    var spaceRoom: SpaceRoom {
        // As in sync, a child without `via` servers is no child.
        let children = (childrenState ?? []).compactMap { child in
            child.content.via.flatMap { $0.isEmpty ? nil : (child.stateKey, $0) }
        }
        return SpaceRoom(roomID: roomID, name: name, canonicalAlias: canonicalAlias, topic: topic, joinedMemberCount: numJoinedMembers,
                         isSpace: roomType == "m.space", joinRule: joinRule, children: Dictionary(children) { first, _ in first })
    }
}

extension MatrixEndpoint where Response == HierarchyResponse {
    static func hierarchy(of spaceID: String, from token: String?, limit: Int) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v1", "rooms", spaceID, "hierarchy"],
                       query: [URLQueryItem(name: "limit", value: String(limit))] + (token.map { [URLQueryItem(name: "from", value: $0)] } ?? []),
                       isAuthenticated: true)
    }
}
