/// How a rate-limited request (HTTP 429 / `M_LIMIT_EXCEEDED`) is retried: at most
/// `maxAttempts` tries in all, waiting what the server asks, and giving up rather than
/// waiting more than `maxTotalWait` altogether.
public struct RetryPolicy: Sendable, Equatable {
    public var maxAttempts: Int
    public var maxTotalWait: Duration
    /// The wait when the server names none.
    public var defaultWait: Duration

    public init(maxAttempts: Int, maxTotalWait: Duration, defaultWait: Duration) {
        self.maxAttempts = maxAttempts
        self.maxTotalWait = maxTotalWait
        self.defaultWait = defaultWait
    }

    public static let standard = RetryPolicy(maxAttempts: 3, maxTotalWait: .seconds(30), defaultWait: .seconds(1))
    public static let never = RetryPolicy(maxAttempts: 1, maxTotalWait: .zero, defaultWait: .zero)

    /// The wait before trying again after `error` ended try number `attempt` (counting from 1),
    /// or `nil` to give up and report the error.
    func delay(after error: MatrixError, attempt: Int, alreadyWaited: Duration) -> Duration? {
        guard case .limitExceeded(let retryAfter) = error, attempt < maxAttempts else { return nil }
        let wait = retryAfter.map { Duration.milliseconds($0) } ?? defaultWait
        guard alreadyWaited + wait <= maxTotalWait else { return nil }
        return wait
    }
}
