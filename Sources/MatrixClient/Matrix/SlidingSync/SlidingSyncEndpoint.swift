import Foundation

extension MatrixEndpoint where Response == SlidingSyncResponse {
    /// `POST /_matrix/client/unstable/org.matrix.simplified_msc3575/sync` (MSC4186, as Synapse
    /// serves it) from `pos`, long-polling up to `longPollTimeout` for news, with the same HTTP
    /// timeout and size bound as `/v3/sync`.
    static func slidingSync(_ request: SlidingSyncRequest, pos: String?, longPollTimeout: Duration,
                            requestTimeout: TimeInterval) -> Self {
        let waitMilliseconds = longPollTimeout.wholeMilliseconds
        var query = [URLQueryItem(name: "timeout", value: String(waitMilliseconds))]
        if let pos { query.append(URLQueryItem(name: "pos", value: pos)) }
        return MatrixEndpoint(method: .post, path: ["_matrix", "client", "unstable", "org.matrix.simplified_msc3575", "sync"],
                              query: query, body: request, isAuthenticated: true,
                              timeout: TimeInterval(waitMilliseconds) / 1000 + requestTimeout,
                              maximumResponseBytes: MatrixEndpoint<SyncResponse>.syncMaximumResponseBytes)
    }
}
