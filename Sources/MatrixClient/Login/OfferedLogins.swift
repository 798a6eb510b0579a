/// The ways a homeserver lets a device log in: its OAuth 2.0 server's metadata and its
/// `GET /login` flows.
public struct OfferedLogins: Sendable, Equatable {
    /// The authorization server, where it offers the device authorization grant.
    public var oauth: AuthMetadata?
    /// `m.login.password`.
    public var password: Bool
    /// The identity providers of `m.login.sso`; `nil` when the server offers no single sign-on.
    /// Empty when it offers it without naming them (its own page then lets the user pick).
    public var identityProviders: [IdentityProvider]?

    public init(oauth: AuthMetadata? = nil, password: Bool, identityProviders: [IdentityProvider]?) {
        self.oauth = oauth
        self.password = password
        self.identityProviders = identityProviders
    }

    /// A server without any login API we know offers none of them.
    public static let none = OfferedLogins(password: false, identityProviders: nil)

    public var sso: Bool { identityProviders != nil }
}

/// One identity provider a homeserver signs users in with (`m.login.sso`).
public struct IdentityProvider: Sendable, Equatable, Decodable {
    /// What the redirect URL names it by, such as `oidc-github`.
    public var id: String
    /// What people call it, such as `GitHub`.
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
