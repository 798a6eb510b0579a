import Foundation

/// Where every timer of the shell reads time: the typing notice, read markers, the sync and send
/// retry delays, rate-limit waits, `/after`, `/wait`'s timeouts and the first-sync notice. The
/// app runs on `SystemClock`; tests move a clock of their own on instead of waiting for time to
/// pass. Timestamps that are data (a message's time, a log line's) are wall-clock dates instead.
public protocol ShellClock: Sendable {
    /// How long since the clock started; only differences between two readings mean anything.
    var now: Duration { get }
    /// Returns once the clock reads `deadline` (at once if it already does); throws
    /// `CancellationError` when the calling task is cancelled first. A timer started in a task
    /// of its own reads its deadline before it starts: a sleep that only begins once the task
    /// runs would otherwise end that much later than asked.
    func sleep(until deadline: Duration) async throws
    /// The date and time of day now, for names that carry it (a problem report's file).
    var date: Date { get }
}

extension ShellClock {
    public var date: Date { Date() }

    /// Returns once `duration` has passed on this clock from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}

/// Time as it passes, from the system's monotonic clock.
public struct SystemClock: ShellClock {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - start }

    public func sleep(until deadline: Duration) async throws {
        try await Task.sleep(until: start + deadline, clock: .continuous)
    }
}

extension Date {
    /// Milliseconds since the Unix epoch, as Matrix timestamps count.
    public var matrixTimestamp: Int64 { Int64(timeIntervalSince1970 * 1000) }
}
