import Foundation

extension MatrixEndpoint where Response == SyncResponse {
    /// `GET /_matrix/client/v3/sync`, long-polling up to `longPollTimeout` for news. The HTTP
    /// timeout is that wait plus `requestTimeout`, so the server always answers (empty when
    /// nothing happened) before the exchange is given up locally. Presence stays `offline`:
    /// syncing in the background must not announce the user as online. A first sync (no `since`)
    /// waits `initialSyncAllowance` instead of `requestTimeout`, if that is longer.
    static func sync(since: String?, filter: SyncFilter, longPollTimeout: Duration, requestTimeout: TimeInterval) -> Self {
        let waitMilliseconds = longPollTimeout.wholeMilliseconds
        var query = [
            URLQueryItem(name: "filter", value: filter.json),
            URLQueryItem(name: "set_presence", value: "offline"),
            URLQueryItem(name: "timeout", value: String(waitMilliseconds)),
        ]
        if let since { query.append(URLQueryItem(name: "since", value: since)) }
        let answerTimeout = since == nil ? max(requestTimeout, initialSyncAllowance) : requestTimeout
        return MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "sync"], query: query, isAuthenticated: true,
                              timeout: TimeInterval(waitMilliseconds) / 1000 + answerTimeout,
                              maximumResponseBytes: syncMaximumResponseBytes)
    }

    /// A first sync makes the server assemble the state of every joined room: Synapse takes a
    /// minute for 5,000 rooms (BENCHMARKS.md). Given up after `request_timeout`, it is asked again
    /// from the start, which only Synapse's cache of answers (two minutes) ever made end.
    public static var initialSyncAllowance: TimeInterval { 600 }

    /// 256 MiB: an initial sync of a very large account, with room to spare, still bounded.
    static var syncMaximumResponseBytes: Int { 256 << 20 }
}

extension Duration {
    /// The duration in whole milliseconds, as the sync endpoints' `timeout` takes it.
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
