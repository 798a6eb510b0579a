import MatrixClient

/// Signing in and out, and the account the session is of.
public enum SessionAction: Sendable, Equatable {
    case login(LoginRequest)
    /// Destructive: without `confirmed` it comes back as a question.
    case logout(confirmed: Bool)
    case whoami
    /// `/nick NAME` sets the account's display name; `/nick` alone shows it.
    case displayName(set: String?)
    /// Where the account is managed (password, devices), from the OAuth 2.0 server's metadata.
    case account
    /// Syncs again now instead of waiting out the retry delay.
    case reconnect
}

extension SessionAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .login: .login
        case .logout: .logout
        case .whoami: .whoami
        case .displayName: .nick
        case .account: .account
        case .reconnect: .reconnect
        }
    }
}

// A display name is what the user typed: printed, the action shows only its shape.
extension SessionAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .login(let request): "login(\(request))"
        case .logout(let confirmed): "logout(confirmed: \(confirmed))"
        case .whoami: "whoami"
        case .displayName(let name): name == nil ? "displayName" : "displayName(set: <redacted>)"
        case .account: "account"
        case .reconnect: "reconnect"
        }
    }
}
