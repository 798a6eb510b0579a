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
    /// The most body bytes (counted after decompression) taken before the transfer is
    /// aborted with `TransportError.responseTooLarge`, so no server can exhaust memory.
    public var maximumResponseBytes: Int

    /// 64 MiB: room for the initial sync of a large account (about 20 MB for 1,000 rooms).
    public static let defaultMaximumResponseBytes = 64 << 20

    public init(
        method: HTTPMethod,
        url: URL,
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: TimeInterval = 30,
        connectTimeout: TimeInterval = 10,
        followsRedirects: Bool = false,
        maximumResponseBytes: Int = defaultMaximumResponseBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.followsRedirects = followsRedirects
        self.maximumResponseBytes = maximumResponseBytes
    }

    public var description: String { "\(method.rawValue) \(url.redactedForDiagnostics)" }
    public var debugDescription: String { description }
}
