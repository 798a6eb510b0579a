/// What a login is asked for: the homeserver, perhaps a user, and perhaps the way in.
public struct LoginRequest: Sendable, Equatable {
    public var homeserver: String
    public var user: String?
    /// A flag's choice; `nil` leaves it to the server's offer.
    public var method: LoginMethod?
    /// `--sso PROVIDER`: an identity provider's name or ID.
    public var identityProvider: String?

    public init(homeserver: String, user: String? = nil, method: LoginMethod? = nil, identityProvider: String? = nil) {
        self.homeserver = homeserver
        self.user = user
        self.method = method
        self.identityProvider = identityProvider
    }
}
