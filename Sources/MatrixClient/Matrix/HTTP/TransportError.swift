/// Why an HTTP exchange produced no response. Associated strings name a host or a redacted URL;
/// they never contain request headers or bodies.
public enum TransportError: Error, Sendable, Equatable {
    case timedOut
    case cannotResolveHost(String)
    case cannotConnect(String)
    case tls(String)
    /// The server's certificate failed verification (unknown issuer, another host's name, expired):
    /// worth telling apart, as a private CA is what `ca_file` is for.
    case untrustedCertificate(String)
    /// The `ca_file` could not be read as certificates (missing, not PEM): the setting is what to mend.
    case unusableCAFile(String)
    case cancelled
    case invalidURL(String)
    /// The body grew past the request's `maximumResponseBytes`, and the transfer was abandoned.
    case responseTooLarge
    case other(code: Int, message: String)
}
