import Foundation
import Logging

/// Talks to the homeserver's OAuth 2.0 authorization server: client registration (RFC 7591),
/// the device authorization grant (RFC 8628), token renewal and revocation (RFC 7009). Its
/// endpoints are the issuer's, not the homeserver's: plain requests over the session's transport,
/// forms in, JSON out; logged by endpoint name, never with a body.
struct OAuthClient: Sendable {
    let transport: any HTTPTransport
    let requestTimeout: TimeInterval
    let logger: Logger
    /// Dates a server's `Retry-After`.
    let clock: any ShellClock

    init(transport: any HTTPTransport, requestTimeout: TimeInterval, clock: any ShellClock,
         logger: Logger = Logger(label: "element-shell.oauth")) {
        self.transport = transport
        self.requestTimeout = requestTimeout
        self.clock = clock
        self.logger = logger
    }

    /// Registers this app as a public native client; returns its `client_id`.
    func register(_ registration: ClientRegistration, at endpoint: URL) async throws(MatrixError) -> String {
        let body: Data
        do {
            body = try JSONEncoder().encode(registration)
        } catch {
            throw .decoding("cannot encode the client registration")
        }
        let response = try await send(HTTPRequest(method: .post, url: endpoint, headers: ["Content-Type": "application/json", "Accept": "application/json"],
                                                  body: body, timeout: requestTimeout), name: "registration")
        guard response.isSuccess else { throw error(in: response) }
        return try MatrixClient.decode(RegisteredClient.self, from: response.body).clientID
    }

    /// Asks for a device code for `scope`.
    func authorizeDevice(clientID: String, scope: String, at endpoint: URL) async throws(MatrixError) -> DeviceAuthorization {
        let response = try await send(form(endpoint, ["client_id": clientID, "scope": scope]), name: "device authorization")
        guard response.isSuccess else { throw error(in: response) }
        return try MatrixClient.decode(DeviceAuthorization.self, from: response.body)
    }

    /// Trades the device code for tokens, once the person has approved.
    func pollToken(deviceCode: String, clientID: String, at endpoint: URL) async -> DeviceTokenAnswer {
        let response: HTTPResponse
        do {
            response = try await send(form(endpoint, ["grant_type": AuthMetadata.deviceCodeGrant, "device_code": deviceCode,
                                                      "client_id": clientID]), name: "token")
        } catch .transport(let error) {
            return .unreachable(error)
        } catch {
            return .error("invalid_request")
        }
        if response.isSuccess {
            guard let tokens = try? MatrixClient.decode(OAuthTokens.self, from: response.body) else { return .error("invalid_response") }
            return .tokens(tokens.issued)
        }
        switch (try? JSONDecoder().decode(OAuthErrorBody.self, from: response.body))?.error {
        case "authorization_pending": return .pending
        case "slow_down": return .slowDown
        case "access_denied": return .denied
        case "expired_token": return .expired
        case let code?: return .error(code)
        case nil: return .error("HTTP_\(response.status)")
        }
    }

    /// A new pair for `refreshToken` (rotated: the old one may stop working once the new is used).
    func refresh(_ refreshToken: String, of session: OAuthSession) async throws(MatrixError) -> IssuedTokens {
        let response = try await send(form(session.tokenEndpoint, ["grant_type": AuthMetadata.refreshTokenGrant, "refresh_token": refreshToken,
                                                                   "client_id": session.clientID]), name: "token refresh")
        guard response.isSuccess else { throw error(in: response) }
        return try MatrixClient.decode(OAuthTokens.self, from: response.body).issued
    }

    /// Revokes `token` (RFC 7009); the server ends the session it belongs to.
    func revoke(_ token: String, hint: String, of session: OAuthSession) async throws(MatrixError) {
        guard let endpoint = session.revocationEndpoint else { return }
        let response = try await send(form(endpoint, ["token": token, "token_type_hint": hint, "client_id": session.clientID]), name: "revocation")
        guard response.isSuccess else { throw error(in: response) }
    }

    private func form(_ url: URL, _ fields: [String: String]) -> HTTPRequest {
        HTTPRequest(method: .post, url: url, headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
                    body: Data(FormEncoding.encode(fields).utf8), timeout: requestTimeout)
    }

    private func send(_ request: HTTPRequest, name: String) async throws(MatrixError) -> HTTPResponse {
        do {
            let response = try await transport.send(request)
            logger.debug("OAuth \(name) → \(response.status)")
            return response
        } catch {
            logger.debug("OAuth \(name) failed: \(error)")
            throw .transport(error)
        }
    }

    /// An OAuth error (`{"error": "invalid_grant"}`) as the rest of the app reads server refusals.
    private func error(in response: HTTPResponse) -> MatrixError {
        guard let body = try? JSONDecoder().decode(OAuthErrorBody.self, from: response.body) else {
            return MatrixError(response: response, now: clock.date)
        }
        return .server(errcode: body.error, message: RemoteText(body.description ?? ""), status: response.status)
    }
}

/// `application/x-www-form-urlencoded`, keys sorted so that requests are reproducible.
enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}

/// RFC 7591's request, for a public native client of the device grant.
public struct ClientRegistration: Encodable, Sendable, Equatable {
    var clientName: String
    var clientURI: String
    var logoURI: String?
    var termsOfServiceURI: String?
    var policyURI: String?

    public init(clientName: String, clientURI: String, logoURI: String? = nil, termsOfServiceURI: String? = nil, policyURI: String? = nil) {
        self.clientName = clientName
        self.clientURI = clientURI
        self.logoURI = logoURI
        self.termsOfServiceURI = termsOfServiceURI
        self.policyURI = policyURI
    }

    var applicationType = "native"
    var grantTypes = [AuthMetadata.deviceCodeGrant, AuthMetadata.refreshTokenGrant]
    var responseTypes: [String] = []
    var tokenEndpointAuthMethod = "none"

    enum CodingKeys: String, CodingKey {
        case clientName = "client_name"
        case clientURI = "client_uri"
        case logoURI = "logo_uri"
        case termsOfServiceURI = "tos_uri"
        case policyURI = "policy_uri"
        case applicationType = "application_type"
        case grantTypes = "grant_types"
        case responseTypes = "response_types"
        case tokenEndpointAuthMethod = "token_endpoint_auth_method"
    }
}

private struct RegisteredClient: Decodable {
    var clientID: String

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
    }
}

/// A token endpoint's answer: `expires_in` in seconds, where Matrix's `/login` says milliseconds.
private struct OAuthTokens: Decodable {
    var accessToken: String
    var refreshToken: String?
    var expiresIn: Int?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresIn = "expires_in"
    }

    var issued: IssuedTokens {
        IssuedTokens(accessToken: accessToken, refreshToken: refreshToken, expiresIn: expiresIn.map { .seconds($0) })
    }
}

private struct OAuthErrorBody: Decodable {
    var error: String
    var description: String?

    enum CodingKeys: String, CodingKey {
        case error
        case description = "error_description"
    }
}
