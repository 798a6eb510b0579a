import Foundation
@testable import ElementShellKit
@testable import MatrixClient

/// `POST /createRoom`, for integration tests that need a room before the app can make one.
struct CreatedRoom: Decodable {
    var roomID: String

    enum CodingKeys: String, CodingKey {
        case roomID = "room_id"
    }

    private struct Request: Encodable, Sendable {
        var name: String
        var preset = "private_chat"
        var invite: [String]
        var roomAliasName: String?

        enum CodingKeys: String, CodingKey {
            case name, preset, invite
            case roomAliasName = "room_alias_name"
        }
    }

    static func create(named name: String, alias: String? = nil, inviting invitees: [String] = [], session: Session,
                       transport: any HTTPTransport) async throws(MatrixError) -> CreatedRoom {
        let client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport)
        return try await client.send(MatrixEndpoint<CreatedRoom>(
            method: .post, path: ["_matrix", "client", "v3", "createRoom"],
            body: Request(name: name, invite: invitees, roomAliasName: alias), isAuthenticated: true))
    }
}
