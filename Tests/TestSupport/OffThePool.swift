import Foundation
import Synchronization

/// Runs blocking work (waiting for another process) on a thread of its own and suspends meanwhile:
/// the test runner's own threads are as many as the cores, and a test that blocks one of them
/// for seconds starves every async test of the run. Not on `DispatchQueue.global()`: on Linux,
/// Swift's tasks run on that queue's threads, and work put there blocks them all the same.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: work)) }.start()
    }
}

/// Starts blocking work on a thread of its own at once, not once a task gets a turn: the other
/// side of a test that is about to ask (a terminal answering a probe) must be there whatever the
/// pool is busy with. Its value comes from the task returned.
public func onThreadStartedNow<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) -> Task<Value, any Error> {
    let outcome = ThreadOutcome<Value>()
    Thread { outcome.finish(Result(catching: work)) }.start()
    return Task { try await outcome.value() }
}

/// What a thread produced, for whoever waits on it, before or after it is done.
private final class ThreadOutcome<Value: Sendable>: Sendable {
    private let state = Mutex<(result: Result<Value, any Error>?, waiting: CheckedContinuation<Value, any Error>?)>((nil, nil))

    func finish(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state in
            state.result = result
            return state.waiting.take()
        }
        waiting?.resume(with: result)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state in
                if state.result == nil { state.waiting = continuation }
                return state.result
            }
            if let result { continuation.resume(with: result) }
        }
    }
}
