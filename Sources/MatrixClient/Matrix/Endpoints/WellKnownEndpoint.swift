/// `GET /.well-known/matrix/client` (spec: Server Discovery). Base URLs stay strings here so
/// discovery can tell "missing" (FAIL_PROMPT) from "not a URL" (FAIL_ERROR).
struct ClientWellKnown: Decodable, Equatable {
    struct ServerInformation: Decodable, Equatable {
        var baseURL: String?

        enum CodingKeys: String, CodingKey {
            case baseURL = "base_url"
        }
    }

    var homeserver: ServerInformation?
    var identityServer: ServerInformation?

    enum CodingKeys: String, CodingKey {
        case homeserver = "m.homeserver"
        case identityServer = "m.identity_server"
    }
}

extension MatrixEndpoint where Response == ClientWellKnown {
    /// Sent to the server name's origin, not to a base URL. Redirects are followed (spec v1.20),
    /// and discovery runs before login, so it never carries a token.
    static var clientWellKnown: Self {
        MatrixEndpoint(method: .get, path: [".well-known", "matrix", "client"], isAuthenticated: false,
                       followsRedirects: true, maximumResponseBytes: discoveryMaximumResponseBytes)
    }
}
