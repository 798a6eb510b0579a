import Foundation
import MatrixJSON

/// The body of `/invite`, `/kick`, `/ban` and `/unban`.
struct MembershipChangeBody: Encodable, Sendable {
    var userID: String
    var reason: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case reason
    }
}

extension MatrixEndpoint where Response == EmptyResponse {
    /// `POST /rooms/{roomId}/invite|kick|ban|unban`.
    static func change(_ change: MembershipChange, of userID: String, in roomID: String, reason: String?) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, change.rawValue],
                       body: MembershipChangeBody(userID: userID, reason: reason), isAuthenticated: true)
    }

    /// `PUT /user/{userId}/account_data/{type}`: replaces the whole content.
    static func setAccountData(_ content: JSONValue, type: String, userID: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "user", userID, "account_data", type],
                       body: content, isAuthenticated: true)
    }

    /// `PUT /user/{userId}/rooms/{roomId}/account_data/{type}`: the room's, replaced whole.
    static func setRoomAccountData(_ content: JSONValue, type: String, userID: String, roomID: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "user", userID, "rooms", roomID, "account_data", type],
                       body: content, isAuthenticated: true)
    }
}

extension MatrixEndpoint where Response == JoinedRoom {
    static func createRoom(_ creation: RoomCreation) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "createRoom"], body: CreateRoomBody(creation), isAuthenticated: true)
    }
}

extension MatrixEndpoint where Response == JSONValue {
    /// `GET /rooms/{roomId}/state/{type}/{stateKey}`: the content, or with `asEvent`
    /// the whole event, which carries its sender.
    static func state(_ type: String, stateKey: String = "", of roomID: String, asEvent: Bool = false) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "state", type, stateKey],
                       query: asEvent ? [URLQueryItem(name: "format", value: "event")] : [], isAuthenticated: true)
    }

    /// `GET /profile/{userId}`: the user's display name and avatar, or 404 for no such user.
    static func profile(of userID: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "profile", userID], isAuthenticated: true)
    }

    /// `PUT /profile/{userId}/displayname`.
    static func setDisplayName(_ name: String, of userID: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "profile", userID, "displayname"],
                       body: JSONValue.object(["displayname": .string(name)]), isAuthenticated: true)
    }

    /// `GET /user/{userId}/account_data/{type}`.
    static func accountData(_ type: String, userID: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "user", userID, "account_data", type], isAuthenticated: true)
    }
}
