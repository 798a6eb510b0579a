/// `POST /_matrix/client/v3/refresh`: a new access token (and usually a new refresh token) for a
/// refresh token. Sent without the access token, which has expired or soon will.
struct RefreshRequest: Encodable, Sendable, CustomStringConvertible {
    var refreshToken: String

    enum CodingKeys: String, CodingKey {
        case refreshToken = "refresh_token"
    }

    var description: String { "RefreshRequest(refreshToken: <redacted>)" }
}

extension MatrixEndpoint where Response == IssuedTokens {
    static func refresh(_ request: RefreshRequest) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "refresh"], body: request, isAuthenticated: false)
    }
}
