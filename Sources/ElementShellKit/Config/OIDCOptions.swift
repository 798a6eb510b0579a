/// What a profile tells an OAuth 2.0 server about its app when it registers (RFC 7591 client
/// metadata, shown where the person approves a login), and client IDs registered beforehand, as
/// the Element X fork reads them from its build settings.
public struct OIDCOptions: Sendable, Equatable {
    /// The app's home page; the profile's website when nil.
    public var clientURI: String?
    public var logoURI: String?
    public var termsOfServiceURI: String?
    public var policyURI: String?
    /// Client IDs by the issuer they were registered with; other servers get a registration at
    /// the first login.
    public var staticRegistrations: [String: String]

    public init(clientURI: String? = nil, logoURI: String? = nil, termsOfServiceURI: String? = nil, policyURI: String? = nil,
                staticRegistrations: [String: String] = [:]) {
        self.clientURI = clientURI
        self.logoURI = logoURI
        self.termsOfServiceURI = termsOfServiceURI
        self.policyURI = policyURI
        self.staticRegistrations = staticRegistrations
    }
}
