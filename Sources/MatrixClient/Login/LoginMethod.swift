/// How `/login` signs in: what a flag asks for, or what the server's offer decides.
public enum LoginMethod: String, Sendable, Equatable, CaseIterable {
    /// A user name and password (`m.login.password`).
    case password
    /// Single sign-on in a browser (`m.login.sso`), ending in a login token.
    case sso
    /// OAuth 2.0's device authorization grant: a code approved in any browser.
    case oauth
}

/// What `/login` will do, once the server's offer is known.
public enum ChosenLogin: Sendable, Equatable {
    case password(user: String)
    /// `provider` nil: the server's own page lets the user pick one. `user`, when typed, only
    /// says whose signed-out device to take over.
    case sso(provider: IdentityProvider?, user: String?)
    /// `user`, when typed, only says whose signed-out device to take over.
    case oauth(AuthMetadata, user: String?)
}
