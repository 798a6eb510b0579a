import Foundation

/// `GET /_matrix/client/v3/login`: the login types the homeserver accepts.
struct LoginFlows: Decodable, Equatable {
    struct Flow: Decodable, Equatable {
        var type: String
        /// `m.login.sso` only (spec v1.1+); a malformed list counts as none named.
        var identityProviders: [IdentityProvider]?

        enum CodingKeys: String, CodingKey {
            case type
            case identityProviders = "identity_providers"
        }

        init(type: String, identityProviders: [IdentityProvider]? = nil) {
            self.type = type
            self.identityProviders = identityProviders
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            identityProviders = try? container.decodeIfPresent([IdentityProvider].self, forKey: .identityProviders)
        }
    }

    static let ssoType = "m.login.sso"

    var flows: [Flow]

    var offered: OfferedLogins {
        // The token type is how SSO logins end; Synapse lists it beside m.login.sso.
        let sso = flows.first { $0.type == Self.ssoType }
        return OfferedLogins(password: flows.contains { $0.type == PasswordLoginRequest.loginType },
                             identityProviders: sso.map { $0.identityProviders ?? [] })
    }
}

/// `POST /_matrix/client/v3/login` with `m.login.password` and an `m.id.user` identifier.
struct PasswordLoginRequest: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    static let loginType = "m.login.password"

    struct Identifier: Encodable, Sendable {
        var type = "m.id.user"
        /// A localpart or a full `@user:server` ID; the spec accepts both.
        var user: String
    }

    var type = Self.loginType
    var identifier: Identifier
    var password: String
    var initialDeviceDisplayName: String
    /// The device to log in as again (after a soft logout); a new one when `nil`.
    var deviceID: String?
    /// Asks for a refresh token: a server that makes access tokens expire gives one only so.
    var refreshToken = true

    init(user: String, password: String, deviceDisplayName: String, deviceID: String? = nil) {
        identifier = Identifier(user: user)
        self.password = password
        initialDeviceDisplayName = deviceDisplayName
        self.deviceID = deviceID
    }

    enum CodingKeys: String, CodingKey {
        case type, identifier, password
        case initialDeviceDisplayName = "initial_device_display_name"
        case deviceID = "device_id"
        case refreshToken = "refresh_token"
    }

    var description: String { "PasswordLoginRequest(user: \(identifier.user), password: <redacted>)" }
    var debugDescription: String { description }
}

/// `POST /_matrix/client/v3/login` with `m.login.token`: the token single sign-on brought back.
struct TokenLoginRequest: Encodable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    var type = "m.login.token"
    var token: String
    var initialDeviceDisplayName: String
    var deviceID: String?
    var refreshToken = true

    enum CodingKeys: String, CodingKey {
        case type, token
        case initialDeviceDisplayName = "initial_device_display_name"
        case deviceID = "device_id"
        case refreshToken = "refresh_token"
    }

    var description: String { "TokenLoginRequest(token: <redacted>)" }
    var debugDescription: String { description }
}

/// Where single sign-on starts: the homeserver's redirect to its identity provider (or to its
/// own page to pick one), which sends the browser back to `redirectURL` with a login token.
public enum SSORedirect {
    public static func url(homeserverURL: URL, provider: IdentityProvider?, redirectURL: URL) -> URL {
        var url = homeserverURL.appending(path: "_matrix/client/v3/login/sso/redirect")
        if let provider { url.append(path: provider.id) }
        // Encoded whole, as a form value: the query of a redirect URL must not become this one's.
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        components.percentEncodedQuery = "redirectUrl=" + redirectURL.absoluteString.addingPercentEncoding(withAllowedCharacters: unreserved)!
        return components.url!
    }
}

struct LoginResponse: Decodable, CustomStringConvertible, CustomDebugStringConvertible {
    var userID: String
    var deviceID: String
    var tokens: IssuedTokens
    /// Where the server wants the client to go from now on (same shape as `.well-known`).
    var wellKnown: ClientWellKnown?

    var accessToken: String { tokens.accessToken }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case deviceID = "device_id"
        case wellKnown = "well_known"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(String.self, forKey: .userID)
        deviceID = try container.decode(String.self, forKey: .deviceID)
        tokens = try IssuedTokens(from: decoder)
        // The device exists once the server answers: a malformed hint must not lose its token.
        wellKnown = try? container.decodeIfPresent(ClientWellKnown.self, forKey: .wellKnown)
    }

    var description: String { "LoginResponse(userID: \(userID), deviceID: \(deviceID), accessToken: <redacted>)" }
    var debugDescription: String { description }
}

extension MatrixEndpoint where Response == LoginFlows {
    static var loginFlows: Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "login"], isAuthenticated: false)
    }
}

extension MatrixEndpoint where Response == LoginResponse {
    static func login(_ request: PasswordLoginRequest) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "login"], body: request, isAuthenticated: false)
    }

    static func login(_ request: TokenLoginRequest) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "login"], body: request, isAuthenticated: false)
    }
}

extension MatrixEndpoint where Response == AuthMetadata {
    /// `GET /_matrix/client/v1/auth_metadata`, or its MSC2965 path on servers that predate it.
    static func authMetadata(unstable: Bool) -> Self {
        MatrixEndpoint(method: .get, path: unstable ? ["_matrix", "client", "unstable", "org.matrix.msc2965", "auth_metadata"]
                                                    : ["_matrix", "client", "v1", "auth_metadata"], isAuthenticated: false)
    }
}
