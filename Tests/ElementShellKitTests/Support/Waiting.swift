import Observation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The tests' one way to wait for something to happen. Each wait is woken by what it waits for
/// (a change of the app's observed state, a value recorded), never by a timer of its own; the
/// deadline is real time and long, so only a hang reaches it, and then the test fails saying so
/// instead of hanging the run.
enum Waiting {
    static let deadline = Duration.seconds(60)
    /// The same in seconds, for waits on other processes that count in seconds.
    static let deadlineSeconds = Double(deadline.components.seconds)
}

/// Waits until `condition` about the app's state holds, read again at every change of the
/// observed state it reads.
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let expiry = Expiry()
    let timer = Task {
        guard (try? await Task.sleep(for: Waiting.deadline)) != nil else { return }
        expiry.expire()
    }
    defer { timer.cancel() }
    while !condition() {
        guard !expiry.hasExpired else {
            Issue.record("waited \(Waiting.deadline) in vain", sourceLocation: sourceLocation)
            throw WaitFailure()
        }
        let wakeUp = WakeUp()
        await withCheckedContinuation { continuation in
            withObservationTracking { _ = condition() } onChange: { wakeUp.fire() }
            expiry.onExpiry { wakeUp.fire() }
            wakeUp.arm(continuation)
        }
    }
}

struct WaitFailure: Error {}

/// Collects values from `@Sendable` closures; `wait(until:)` is woken by each new value.
actor Recorder<Value: Sendable> {
    private(set) var values: [Value] = []
    private var waiters: [(condition: @Sendable ([Value]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    func append(_ value: Value) {
        values.append(value)
        let ready = waiters.filter { $0.condition(values) }
        waiters.removeAll { $0.condition(values) }
        ready.forEach { $0.continuation.resume() }
    }

    /// Returns once the values recorded satisfy `condition`; records an issue past the deadline.
    func wait(until condition: @escaping @Sendable ([Value]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        guard !condition(values) else { return }
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: Waiting.deadline)) != nil else { return }
            await self?.expire()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { waiters.append((condition, $0)) }
        guard condition(values) else {
            Issue.record("waited \(Waiting.deadline) in vain for \(values)", sourceLocation: sourceLocation)
            throw WaitFailure()
        }
    }

    /// Returns once at least `count` values are recorded.
    func wait(forCount count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await wait(until: { $0.count >= count }, sourceLocation: sourceLocation)
    }

    private func expire() {
        let all = waiters
        waiters.removeAll()
        all.forEach { $0.continuation.resume() }
    }
}

/// The real-time deadline of one wait.
private final class Expiry: Sendable {
    private let state = Mutex<(expired: Bool, handlers: [@Sendable () -> Void])>((false, []))

    var hasExpired: Bool { state.withLock { $0.expired } }

    func expire() {
        let handlers = state.withLock { state in
            state.expired = true
            defer { state.handlers = [] }
            return state.handlers
        }
        handlers.forEach { $0() }
    }

    func onExpiry(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if state.expired { return true }
            state.handlers.append(handler)
            return false
        }
        if now { handler() }
    }
}

/// Suspends until the calling task is cancelled, as a long-poll with no news does; no time
/// passes for it and no timer wakes it.
func suspendUntilCancelled() async {
    let wakeUp = WakeUp()
    await withTaskCancellationHandler {
        await withCheckedContinuation { wakeUp.arm($0) }
    } onCancel: {
        wakeUp.fire()
    }
}
