import Foundation

/// What a session signed in through OAuth 2.0 needs later: where to renew and revoke its tokens,
/// as which client. Stored in the session file beside the tokens.
public struct OAuthSession: Codable, Sendable, Equatable {
    public var issuer: String
    public var clientID: String
    public var tokenEndpoint: URL
    public var revocationEndpoint: URL?

    public init(issuer: String, clientID: String, tokenEndpoint: URL, revocationEndpoint: URL?) {
        self.issuer = issuer
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
    }
}
