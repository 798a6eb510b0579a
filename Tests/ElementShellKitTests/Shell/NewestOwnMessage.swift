import Foundation
@testable import ElementShellKit
@testable import MatrixClient

/// The newest message a session's user sent to a room, as the server holds it: one `/messages`
/// request with the session's token, read while no shell runs, with no client to start (a nio
/// peer costs a second or so per call, and a crash test asks after every kill).
enum NewestOwnMessage {
    private struct Page: Decodable {
        struct Event: Decodable {
            struct Content: Decodable {
                var body: String?
            }

            var content: Content
        }

        var chunk: [Event]
    }

    static func body(in roomID: String, session: Session) async throws -> String? {
        let client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken,
                                  transport: CurlTransport(userAgent: "test"))
        let filter = #"{"types":["m.room.message"],"senders":["\#(session.userID)"]}"#
        let page = try await client.send(MatrixEndpoint<Page>(
            method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "messages"],
            query: [URLQueryItem(name: "dir", value: "b"), URLQueryItem(name: "limit", value: "1"), URLQueryItem(name: "filter", value: filter)],
            isAuthenticated: true))
        return page.chunk.first?.content.body
    }
}
