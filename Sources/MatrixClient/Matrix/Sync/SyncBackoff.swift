/// How long to wait before retrying a failed `/sync`: exponential backoff with full jitter
/// (a uniformly random wait up to `base · 2^failures`, capped), so clients that lost the
/// server together do not return together. `reset()` after a success.
public struct SyncBackoff: Sendable {
    public let base: Duration
    public let cap: Duration
    private var failures = 0
    /// A number in 0...1; injected so tests are deterministic.
    private let random: @Sendable () -> Double

    public init(base: Duration = .seconds(1), cap: Duration = .seconds(60)) {
        self.init(base: base, cap: cap) { Double.random(in: 0...1) }
    }

    init(base: Duration, cap: Duration, random: @escaping @Sendable () -> Double) {
        self.base = base
        self.cap = cap
        self.random = random
    }

    /// The wait before the next retry; each call counts one more failure.
    public mutating func nextDelay() -> Duration {
        // Past 2^30 the ceiling is the cap for any sensible base; stop doubling before overflow.
        let growth = Double(1 << min(failures, 30))
        failures += 1
        let ceiling = min(base.seconds * growth, cap.seconds)
        return .seconds(ceiling * min(max(random(), 0), 1))
    }

    /// The wait before retrying after `error`, or `nil` when retrying cannot help: the session
    /// is gone (`unknownToken`, `userDeactivated`), the caller was cancelled, or the homeserver
    /// URL is unusable. A rate-limited answer waits at least what the server asked.
    public mutating func delay(after error: MatrixError) -> Duration? {
        switch error {
        case .unknownToken, .userDeactivated, .transport(.cancelled), .invalidHomeserver:
            return nil
        case .limitExceeded(let retryAfterMilliseconds?):
            return max(.milliseconds(retryAfterMilliseconds), nextDelay())
        default:
            return nextDelay()
        }
    }

    public mutating func reset() {
        failures = 0
    }
}

private extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
