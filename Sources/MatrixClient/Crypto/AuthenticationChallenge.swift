import MatrixJSON

/// A server's request for user-interactive authentication (a 401 with `flows`): the session to
/// continue and the stages each accepted flow needs. Replacing cross-signing keys asks for it.
public struct AuthenticationChallenge: Sendable, Equatable {
    public var session: String?
    public var flows: [[String]]

    /// `nil` when the body is not a challenge (a plain 401 error).
    init?(body: JSONValue) {
        guard let flows = body["flows"]?.array else { return nil }
        session = body["session"]?.string
        self.flows = flows.map { ($0["stages"]?.array ?? []).compactMap(\.string) }
    }

    public init(session: String?, flows: [[String]]) {
        self.session = session
        self.flows = flows
    }

    /// Whether one of the flows is the password alone, the only one a terminal can complete.
    public var acceptsPassword: Bool {
        flows.contains([PasswordLoginRequest.loginType])
    }

    /// The `auth` member that answers the challenge with the account's password.
    public func passwordAuthentication(userID: String, password: String) -> JSONValue {
        var auth: [String: JSONValue] = [
            "type": .string(PasswordLoginRequest.loginType),
            "identifier": ["type": "m.id.user", "user": .string(userID)],
            "password": .string(password),
        ]
        if let session { auth["session"] = .string(session) }
        return .object(auth)
    }
}
