import Foundation

/// The homeserver's OAuth 2.0 authorization server, as `GET /_matrix/client/v1/auth_metadata`
/// describes it (RFC 8414 fields, and Matrix's account management extension).
public struct AuthMetadata: Decodable, Sendable, Equatable {
    public var issuer: String
    public var tokenEndpoint: URL
    public var registrationEndpoint: URL?
    public var deviceAuthorizationEndpoint: URL?
    public var revocationEndpoint: URL?
    /// Where the user manages the account: password, devices, sessions.
    public var accountManagementURI: URL?
    public var grantTypesSupported: [String]?
    public var scopesSupported: [String]?

    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"
    static let refreshTokenGrant = "refresh_token"

    enum CodingKeys: String, CodingKey {
        case issuer
        case tokenEndpoint = "token_endpoint"
        case registrationEndpoint = "registration_endpoint"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case accountManagementURI = "account_management_uri"
        case grantTypesSupported = "grant_types_supported"
        case scopesSupported = "scopes_supported"
    }

    public init(issuer: String, tokenEndpoint: URL, registrationEndpoint: URL?, deviceAuthorizationEndpoint: URL?,
                revocationEndpoint: URL? = nil, accountManagementURI: URL? = nil, grantTypesSupported: [String]? = nil) {
        self.issuer = issuer
        self.tokenEndpoint = tokenEndpoint
        self.registrationEndpoint = registrationEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.accountManagementURI = accountManagementURI
        self.grantTypesSupported = grantTypesSupported
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try container.decode(String.self, forKey: .issuer)
        tokenEndpoint = try container.decode(URL.self, forKey: .tokenEndpoint)
        // Optional parts the login can do without are dropped when malformed, not fatal.
        registrationEndpoint = try? container.decodeIfPresent(URL.self, forKey: .registrationEndpoint)
        deviceAuthorizationEndpoint = try? container.decodeIfPresent(URL.self, forKey: .deviceAuthorizationEndpoint)
        revocationEndpoint = try? container.decodeIfPresent(URL.self, forKey: .revocationEndpoint)
        accountManagementURI = try? container.decodeIfPresent(URL.self, forKey: .accountManagementURI)
        grantTypesSupported = try? container.decodeIfPresent([String].self, forKey: .grantTypesSupported)
        scopesSupported = try? container.decodeIfPresent([String].self, forKey: .scopesSupported)
    }

    /// The scope that grants the Matrix API to device `deviceID`: the spec's names, or MSC2967's
    /// where the server lists only those.
    public func loginScope(deviceID: String) -> String {
        let stable = "urn:matrix:client:"
        let unstable = "urn:matrix:org.matrix.msc2967.client:"
        let usesUnstable = scopesSupported.map { $0.contains(unstable + "api:*") && !$0.contains(stable + "api:*") } ?? false
        let prefix = usesUnstable ? unstable : stable
        return "\(prefix)api:* \(prefix)device:\(deviceID)"
    }

    /// Whether a terminal can sign in here: the device authorization grant, and a way to register.
    public var offersDeviceLogin: Bool {
        deviceAuthorizationEndpoint != nil && registrationEndpoint != nil
            && (grantTypesSupported.map { $0.contains(Self.deviceCodeGrant) } ?? true)
    }
}
