import Foundation
import Logging

/// Long-polls `/sync` for one session, one request per call.
///
/// The app runs the loop, so it decides when a batch is safe: it stores each response with
/// its `nextBatch` in one transaction and only then asks for the next one from that token.
/// A crash between request and commit so replays a batch rather than skipping it. On failure
/// it waits `SyncBackoff.delay(after:)` and retries from the same token, stopping when that is
/// `nil` (for `unknownToken`: the session has ended). Cancelling the calling task aborts a
/// long poll at once, with `MatrixError.transport(.cancelled)`.
public struct SyncService: Sendable {
    private let client: MatrixClient
    private let filter: SyncFilter
    private let longPollTimeout: Duration
    private let requestTimeout: TimeInterval

    /// `requestTimeout`: seconds to wait for an answer beyond the long poll (the
    /// `request_timeout` setting). `timelineLimit`: the most timeline events per room and sync.
    /// `longPollTimeout`: how long the server may hold a request open waiting for news.
    init(
        session: Session,
        transport: any HTTPTransport,
        retryPolicy: RetryPolicy = .standard,
        requestTimeout: TimeInterval = 30,
        timelineLimit: Int = 20,
        longPollTimeout: Duration = .seconds(30),
        clock: any ShellClock = SystemClock(),
        logger: Logger = Logger(label: "element-shell.sync")
    ) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock, logger: logger)
        filter = SyncFilter(timelineLimit: timelineLimit)
        self.longPollTimeout = longPollTimeout
        self.requestTimeout = requestTimeout
    }

    /// One `/sync`: everything since `since` (or an initial snapshot for `nil`), waiting up to
    /// the long-poll timeout when nothing has happened yet.
    /// `waitsForNews: false` asks for what is new right now, without the long poll.
    public func next(since: String?, waitsForNews: Bool = true) async throws(MatrixError) -> SyncResponse {
        try await client.send(.sync(since: since, filter: filter, longPollTimeout: waitsForNews ? longPollTimeout : .zero,
                                    requestTimeout: requestTimeout))
    }
}
