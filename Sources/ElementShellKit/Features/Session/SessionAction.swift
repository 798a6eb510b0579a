import MatrixClient

/// Signing in and out, and the account the session is of.
public enum SessionAction: Sendable, Equatable {
    case login(LoginRequest)
    /// Destructive: without `confirmed` it comes back as a question.
    case logout(confirmed: Bool)
    case whoami
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
        case .account: .account
        case .reconnect: .reconnect
        }
    }
}
