import Foundation

/// The session's HTTP client with its access token kept usable (`TokenRefresher`): each request
/// that carries one is sent with the stored session's current token, and one that the server
/// turns down (`M_UNKNOWN_TOKEN`) is sent once more after a renewal. Not only with `soft_logout`:
/// a homeserver that delegates to OAuth 2.0 says an expired token is unknown, no more; where the
/// device is really gone, the renewal is refused and the answer stands. Services keep the token
/// they were made with and never learn of the rotation.
public struct TokenRefreshingTransport: HTTPTransport {
    let base: any HTTPTransport
    let refresher: TokenRefresher
    /// How long a renewal may wait for the server (the `request_timeout` setting).
    let requestTimeout: TimeInterval

    public init(base: any HTTPTransport, refresher: TokenRefresher, requestTimeout: TimeInterval) {
        self.base = base
        self.refresher = refresher
        self.requestTimeout = requestTimeout
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await send(request, progress: nil)
    }

    public func send(_ request: HTTPRequest, progress: TransferProgressHandler?) async throws(TransportError) -> HTTPResponse {
        guard let token = request.bearerToken else { return try await base.send(request, progress: progress) }
        let current = await refresher.accessToken(replacing: token, over: base, requestTimeout: requestTimeout)
        let response = try await base.send(request.bearing(current), progress: progress)
        guard response.status == 401, MatrixError.isUnknownToken(response) else { return response }
        switch await refresher.renew(after: current, over: base, requestTimeout: requestTimeout) {
        case .renewed(let renewed): return try await base.send(request.bearing(renewed), progress: progress)
        case .refused: return response
        case .failed(let error): throw error
        }
    }
}

extension HTTPRequest {
    private static let bearerPrefix = "Bearer "

    /// The access token the request carries, if any.
    var bearerToken: String? {
        guard let value = headers["Authorization"], value.hasPrefix(Self.bearerPrefix) else { return nil }
        return String(value.dropFirst(Self.bearerPrefix.count))
    }

    /// The same request carrying `token`.
    func bearing(_ token: String) -> HTTPRequest {
        var request = self
        request.headers["Authorization"] = Self.bearerPrefix + token
        return request
    }
}
