import Foundation

/// Sends the outbox, oldest first, one message at a time, so each room's messages arrive in the
/// order they were typed. A message leaves the outbox only once the server has it; until then it
/// is tried again after a growing delay, across restarts, always with its own transaction ID.
/// Errors that no retry can mend (the room refuses us, the message is too large) set the message
/// aside in the outbox (`failed`), for `/resend` or `/cancel`, and the queue goes on with the next.
/// A message for a room where a verified member changed identity is held there the same way,
/// until the user settles it (`StoreWriter.releaseHeldMessages`, then `wake`).
public actor SendQueue {
    public typealias Send = @Sendable (OutboxEntry) async throws(MatrixError) -> String

    private let store: StoreWriter
    private let send: Send
    /// Names, after a send, whoever in its room changed identity unverified (`takeResetsAtSend`).
    private let crypto: CryptoMachine?
    private let report: @Sendable (ClientEvent) async -> Void
    private let clock: any ShellClock
    private var wakeUp: CheckedContinuation<Void, Never>?
    private var hasNews = true
    private var retryWait: CheckedContinuation<Void, Never>?

    public init(store: StoreWriter, send: @escaping Send, crypto: CryptoMachine? = nil, clock: any ShellClock = SystemClock(),
                report: @escaping @Sendable (ClientEvent) async -> Void) {
        self.store = store
        self.send = send
        self.crypto = crypto
        self.clock = clock
        self.report = report
    }

    /// Something new was written to the outbox.
    public func wake() {
        hasNews = true
        wakeUp?.resume()
        wakeUp = nil
    }

    /// The homeserver answers again: a message waiting out its retry delay goes now, not up to a
    /// minute after the connection came back.
    public func retryNow() {
        retryWait?.resume()
        retryWait = nil
    }

    public func run() async {
        var backoff = SyncBackoff()
        while !Task.isCancelled {
            let waiting = ((try? await store.outbox()) ?? []).filter { !$0.failed }
            guard let next = waiting.first else {
                await sleepUntilWoken()
                continue
            }
            do {
                let eventID = try await send(next)
                try? await store.markSent(transactionID: next.transactionID)
                backoff.reset()
                await report(.messageSent(next, eventID: eventID))
                if let resets = await crypto?.takeResetsAtSend(in: next.roomID), !resets.isEmpty {
                    await report(.sentDespiteIdentityReset(roomID: next.roomID, userIDs: resets))
                }
            } catch {
                guard !Task.isCancelled else { return }
                // The session is signed out: the message waits, unmarked, for the next login's queue.
                if case .unknownToken = error { return }
                try? await store.recordAttempt(transactionID: next.transactionID)
                let delay = Self.isPermanent(error) ? nil : backoff.delay(after: error)
                // The delay reported counts from the failure, not from when the report was heard.
                let retryAt = delay.map { clock.now + $0 }
                // Set aside before it is reported, so whoever hears of it finds it so in the store.
                var isSetAside = false
                if case .encryptionRefused(.verifiedIdentityChanged) = error {
                    isSetAside = (try? await store.hold(transactionID: next.transactionID)) != nil
                } else if delay == nil {
                    isSetAside = (try? await store.setFailed(true, transactionIDs: [next.transactionID])) != nil
                }
                await report(.sendFailed(transactionID: next.transactionID, roomID: next.roomID, error, retryIn: delay))
                if let retryAt {
                    await waitToRetry(until: retryAt)
                } else if !isSetAside {
                    // Unmarked, it would come straight back: wait as after any failure.
                    try? await clock.sleep(for: backoff.nextDelay())
                }
            }
        }
    }

    /// Waits until the clock reads `due`, or until `retryNow()`.
    private func waitToRetry(until due: Duration) async {
        let timer = Task { [weak self, clock] in
            // Cancelled, it must not cut short the wait of the next retry.
            guard (try? await clock.sleep(until: due)) != nil else { return }
            await self?.retryNow()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { retryWait = $0 }
        } onCancel: {
            Task { await self.retryNow() }
        }
        timer.cancel()
    }

    private func sleepUntilWoken() async {
        guard !hasNews else {
            hasNews = false
            return
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { wakeUp = $0 }
        } onCancel: {
            Task { await self.wake() }
        }
    }

    /// The server said no for good: not allowed in the room, no such room, a message too large
    /// (413 `M_TOO_LARGE`) or malformed (`M_BAD_JSON`), any refusal of the request itself (4xx).
    /// Sent again unchanged it would be refused again and hold up every message behind it, so it
    /// is set aside at once, as the Rust SDK's queue sets aside a "wedged" event. Rate limiting
    /// (429) and a request timeout (408) say "later", not "no".
    static func isPermanent(_ error: MatrixError) -> Bool {
        switch error {
        case .forbidden, .notFound, .userDeactivated, .encryptionRefused(.unsupportedAlgorithm), .encryptionRefused(.unavailable),
             .encryptionRefused(.verifiedIdentityChanged): true
        case .server(_, _, let status): (400..<500).contains(status) && status != 408 && status != 429
        default: false
        }
    }
}
