import Foundation
import Synchronization
@testable import ElementShellKit
@testable import MatrixClient

/// A clock that stands still until a test moves it: `advance(by:)` wakes every sleeper whose time
/// has come, in order. `sleepers(atLeast:)` waits, woken by each new sleeper rather than by a
/// timer, until the code under test is asleep on it, so a test never advances too early.
final class TestClock: ShellClock {
    private struct Sleeper {
        let id: Int
        let wakesAt: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Duration.zero
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var nextID = 0
        var watchers: [(isReady: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var now: Duration { state.withLock { $0.now } }

    /// `startDate` when the clock starts, moving with it.
    var date: Date { startDate.addingTimeInterval(Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18) }

    /// 2026-01-01 00:00:00 UTC, unless a test starts the clock at a date of its own.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    private let startDate: Date

    init(startingAt startDate: Date = TestClock.start) {
        self.startDate = startDate
    }

    func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, wakesAt: deadline, continuation: continuation))
                    let snapshot = state
                    let ready = state.watchers.filter { $0.isReady(snapshot) }
                    state.watchers.removeAll { $0.isReady(snapshot) }
                    ready.forEach { $0.continuation.resume() }
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on by `duration`, waking the sleepers whose time has come, earliest first.
    func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now += duration
            let due = state.sleepers.filter { $0.wakesAt <= state.now }.sorted { $0.wakesAt < $1.wakesAt }
            state.sleepers.removeAll { $0.wakesAt <= state.now }
            return due
        }
        woken.forEach { $0.continuation.resume() }
    }

    /// How many tasks sleep on this clock now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once at least `count` tasks sleep on this clock.
    func sleepers(atLeast count: Int = 1) async {
        await watch { $0.sleepers.count >= count }
    }

    /// Waits until something sleeps on this clock that `duration` would wake, then moves time on
    /// by `duration`: the step that ends a timeout a test expects to run out, whatever else (a
    /// notice due later) sleeps beside it.
    func advance(toWakeWithin duration: Duration) async {
        await watch { state in state.sleepers.contains { $0.wakesAt <= state.now + duration } }
        advance(by: duration)
    }

    private func watch(until isReady: @escaping @Sendable (State) -> Bool) async {
        await withCheckedContinuation { continuation in
            let readyNow = state.withLock { state in
                guard !isReady(state) else { return true }
                state.watchers.append((isReady, continuation))
                return false
            }
            if readyNow { continuation.resume() }
        }
    }
}

/// A clock on which no sleep takes time: each returns at once, moving `now` on by its length.
/// For tests where a delay only slows the test down (retry backoff) and nothing depends on it.
final class ImmediateClock: ShellClock {
    private let elapsed = Mutex(Duration.zero)

    var now: Duration { elapsed.withLock { $0 } }

    func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        elapsed.withLock { $0 = max($0, deadline) }
        await Task.yield()
    }
}
