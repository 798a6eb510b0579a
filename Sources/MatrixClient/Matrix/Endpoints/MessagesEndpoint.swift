import Foundation

/// `GET /rooms/{roomId}/messages?dir=b`: a room's timeline, going back from a token.
struct MessagesPage: Sendable, JSONReadable {
    /// Events that do not fit `SyncEvent` are left out, as in a sync response.
    var chunk: [SyncEvent] = []
    /// State the events need: with lazy loading, their senders' member events.
    var state: [SyncEvent] = []
    /// Where to go on from; absent at the room's beginning.
    var end: String?

    init(json: Data) throws(MatrixError) {
        self = try JSONReader.decode(json, as: Self.self) { reader throws(JSONError) in
            var page = MessagesPage()
            try reader.readObject { reader, key throws(JSONError) in
                switch key {
                case "chunk": page.chunk = try reader.readEvents()
                case "state": page.state = try reader.readEvents()
                case "end": page.end = try reader.readStringOrNull()
                default: try reader.skipValue()
                }
            }
            return page
        }
    }

    private init() {}
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
