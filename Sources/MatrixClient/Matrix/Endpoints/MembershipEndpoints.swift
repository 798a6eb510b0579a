import Foundation

/// `{}`: the body of requests that need one but say nothing.
struct EmptyBody: Encodable, Sendable {}

struct JoinedRoom: Decodable, Sendable {
    var roomID: String

    enum CodingKeys: String, CodingKey {
        case roomID = "room_id"
    }
}

extension MatrixEndpoint where Response == JoinedRoom {
    /// `POST /join/{roomIdOrAlias}`, with the servers to join through.
    static func join(_ address: RoomAddress) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "join", address.idOrAlias],
                       query: address.via.map { URLQueryItem(name: "server_name", value: $0) },
                       body: EmptyBody(), isAuthenticated: true)
    }
}

extension MatrixEndpoint where Response == JoinedRoom {
    /// `POST /knock/{roomIdOrAlias}` (spec v1.1): asks the room's moderators to let the user in.
    /// The servers go as `via` (spec v1.12) and as `server_name`, which servers before it read.
    static func knock(_ address: RoomAddress, reason: String?) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "knock", address.idOrAlias],
                       query: address.via.flatMap { [URLQueryItem(name: "via", value: $0), URLQueryItem(name: "server_name", value: $0)] },
                       body: reason.map { ["reason": $0] } ?? [:] as [String: String], isAuthenticated: true)
    }
}

extension MatrixEndpoint where Response == EmptyResponse {
    static func leave(roomID: String) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, "leave"], body: EmptyBody(), isAuthenticated: true)
    }

    /// `POST /rooms/{roomId}/forget`: a room left is no longer the user's, nor its history.
    static func forget(roomID: String) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, "forget"], body: EmptyBody(), isAuthenticated: true)
    }
}
