import Foundation

/// Keeps one session in sync: asks for what changed since the stored token, commits the rooms it
/// changed together with the new token, and only then tells the app, so the app never shows what
/// the store does not hold. Failures wait out a growing, jittered delay and retry from the same
/// token; an ended session stops the loop.
public struct SyncLoop: Sendable {
    /// One `/sync` from `since`; `waitsForNews: false` answers at once instead of long-polling.
    public typealias Request = @Sendable (_ since: String?, _ waitsForNews: Bool) async throws(MatrixError) -> SyncResponse

    let request: Request
    let store: StoreWriter
    let userID: String
    let report: @Sendable (ClientEvent) async -> Void
    /// The first request catches up at once (`/wait sync`) instead of waiting for news.
    let catchesUpFirst: Bool

    public init(request: @escaping Request, store: StoreWriter, userID: String, catchesUpFirst: Bool = false,
                report: @escaping @Sendable (ClientEvent) async -> Void) {
        self.request = request
        self.store = store
        self.userID = userID
        self.catchesUpFirst = catchesUpFirst
        self.report = report
    }

    public func run() async {
        var backoff = SyncBackoff()
        var token = try? await store.syncToken()
        var waitsForNews = !catchesUpFirst
        while !Task.isCancelled {
            let failure: MatrixError
            do {
                let response = try await request(token, waitsForNews && token != nil)
                waitsForNews = true
                let result = try await store.apply(response, userID: userID)
                token = response.nextBatch
                backoff.reset()
                await report(.synced(result))
                continue
            } catch let error as MatrixError {
                failure = error
            } catch {
                // The store could not take the response: the token did not move, so the same
                // response comes again on the next try.
                failure = .decoding("store: \(type(of: error))")
            }
            guard !Task.isCancelled else { return }
            guard let delay = backoff.delay(after: failure) else {
                await report(.sessionEnded)
                return
            }
            await report(.syncFailed(failure, retryIn: delay))
            try? await Task.sleep(for: delay)
        }
    }
}
