import Foundation

/// `GET /rooms/{roomId}/messages?dir=b`: a room's timeline, going back from a token.
struct MessagesPage: Decodable, Sendable {
    var chunk: [SyncEvent]
    /// Where to go on from; absent at the room's beginning.
    var end: String?
}

extension MatrixEndpoint where Response == MessagesPage {
    static func messages(roomID: String, from token: String, limit: Int) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "messages"],
                       query: [URLQueryItem(name: "dir", value: "b"), URLQueryItem(name: "from", value: token),
                               URLQueryItem(name: "limit", value: String(limit)),
                               URLQueryItem(name: "filter", value: #"{"lazy_load_members":true}"#)],
                       isAuthenticated: true)
    }
}
