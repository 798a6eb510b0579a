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

extension MatrixEndpoint where Response == EmptyResponse {
    static func leave(roomID: String) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, "leave"], body: EmptyBody(), isAuthenticated: true)
    }

    /// `POST /rooms/{roomId}/forget`: a room left is no longer the user's, nor its history.
    static func forget(roomID: String) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, "forget"], body: EmptyBody(), isAuthenticated: true)
    }
}
