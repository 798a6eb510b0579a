/// Performs HTTP exchanges. The Matrix layer depends only on this protocol, so tests can
/// substitute a fake while production uses `CurlTransport`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
    /// The same, telling `progress` how far the body has gone (media uploads and downloads).
    func send(_ request: HTTPRequest, progress: TransferProgressHandler?) async throws(TransportError) -> HTTPResponse
}

extension HTTPTransport {
    /// Transports that cannot watch a transfer just perform it.
    public func send(_ request: HTTPRequest, progress: TransferProgressHandler?) async throws(TransportError) -> HTTPResponse {
        try await send(request)
    }
}
