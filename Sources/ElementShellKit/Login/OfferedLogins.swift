/// The ways a homeserver lets a device log in, from its `GET /login` flows.
public struct OfferedLogins: Sendable, Equatable {
    /// `m.login.password`.
    public var password: Bool
    /// The identity providers of `m.login.sso`; `nil` when the server offers no single sign-on.
    /// Empty when it offers it without naming them (its own page then lets the user pick).
    public var identityProviders: [IdentityProvider]?

    public init(password: Bool, identityProviders: [IdentityProvider]?) {
        self.password = password
        self.identityProviders = identityProviders
    }

    /// A server without the legacy login API (OAuth 2.0 only) offers none of them.
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
