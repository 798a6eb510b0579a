import MatrixJSON

extension MatrixEndpoint where Response == EmptyResponse {
    /// `POST /rooms/{roomId}/report/{eventId}`, `/rooms/{roomId}/report` or `/users/{userId}/report`,
    /// with the reporter's reason.
    static func report(_ report: AbuseReport, reason: String) -> Self {
        let path = switch report {
        case .event(let eventID, let roomID): ["rooms", roomID, "report", eventID]
        case .room(let roomID): ["rooms", roomID, "report"]
        case .user(let userID): ["users", userID, "report"]
        }
        return MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3"] + path, body: JSONValue.object(["reason": .string(reason)]),
                              isAuthenticated: true)
    }
}
