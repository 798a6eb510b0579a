/// Why an HTTP exchange produced no response. Associated strings name a host or a redacted URL;
/// they never contain request headers or bodies.
public enum TransportError: Error, Sendable, Equatable {
    case timedOut
    case cannotResolveHost(String)
    case cannotConnect(String)
    case tls(String)
    case cancelled
    case invalidURL(String)
    case other(code: Int, message: String)
}
