/// The access token a login or a renewal gives, with what renews it: the fields `/login` and
/// `/refresh` answer alike.
public struct IssuedTokens: Decodable, Sendable, Equatable, CustomStringConvertible {
    public var accessToken: String
    /// Given with an access token that expires; a renewal without one keeps the one it was sent.
    public var refreshToken: String?
    public var expiresIn: Duration?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresInMilliseconds = "expires_in_ms"
    }

    public init(accessToken: String, refreshToken: String?, expiresIn: Duration?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        expiresIn = try container.decodeIfPresent(Int64.self, forKey: .expiresInMilliseconds).map { .milliseconds($0) }
    }

    public var description: String { "IssuedTokens(accessToken: <redacted>, refreshToken: <redacted>)" }
}
