import Foundation

/// One HTTP exchange to perform. Headers and body may carry secrets (access tokens, passwords),
/// so `description` shows only the method and the URL without its query.
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var method: HTTPMethod
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// Limit for the whole exchange, in seconds.
    public var timeout: TimeInterval
    /// Limit for establishing the connection, in seconds; never longer than `timeout`.
    public var connectTimeout: TimeInterval
    /// Redirects are followed only where the caller expects them (server discovery), never
    /// silently for API calls.
    public var followsRedirects: Bool

    public init(
        method: HTTPMethod,
        url: URL,
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: TimeInterval = 30,
        connectTimeout: TimeInterval = 10,
        followsRedirects: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.followsRedirects = followsRedirects
    }

    public var description: String { "\(method.rawValue) \(url.redactedForDiagnostics)" }
    public var debugDescription: String { description }
}
