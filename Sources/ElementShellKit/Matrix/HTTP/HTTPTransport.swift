/// Performs HTTP exchanges. The Matrix layer depends only on this protocol, so tests can
/// substitute a fake while production uses `CurlTransport`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
