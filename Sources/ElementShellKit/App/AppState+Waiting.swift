import Observation
import Synchronization

extension AppState {
    /// Waits until `condition` holds: it is read again whenever state it reads changes (through
    /// observation), never on a timer of its own. False when `timeout` passes on the app's clock
    /// first, or the task is cancelled.
    func wait(until condition: @escaping @MainActor () -> Bool, timeout: Duration) async -> Bool {
        await wait(until: condition, deadline: environment.clock.now + timeout)
    }

    /// The same, until the app's clock reads `deadline`.
    func wait(until condition: @escaping @MainActor () -> Bool, deadline: Duration) async -> Bool {
        while !condition() {
            guard !Task.isCancelled, environment.clock.now < deadline else { return false }
            await nextChange(of: condition, orAt: deadline)
        }
        return true
    }

    /// Returns when state `condition` reads changes, the clock reaches `deadline`, or the task is
    /// cancelled. The timer sleeps until the deadline, not for what remained of it when it was
    /// started: time that passes before its task runs still counts.
    private func nextChange(of condition: @MainActor () -> Bool, orAt deadline: Duration) async {
        let wakeUp = WakeUp()
        let timer = Task { [clock = environment.clock] in
            try? await clock.sleep(until: deadline)
            wakeUp.fire()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                withObservationTracking { _ = condition() } onChange: { wakeUp.fire() }
                wakeUp.arm(continuation)
            }
        } onCancel: {
            wakeUp.fire()
        }
        timer.cancel()
    }
}

/// Resumes one waiter once, whoever fires first: a change, a timer, a cancellation; a fire that
/// comes before the waiter is armed is kept for it.
final class WakeUp: Sendable {
    private let state = Mutex<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func arm(_ waiter: CheckedContinuation<Void, Never>) {
        let resumeNow = state.withLock { state in
            if state.fired { return true }
            state.waiter = waiter
            return false
        }
        if resumeNow { waiter.resume() }
    }

    func fire() {
        let waiter = state.withLock { state in
            defer { state = (true, nil) }
            return state.waiter
        }
        waiter?.resume()
    }
}
