import Foundation

/// Runs blocking work (waiting for another process) on a thread of its own and suspends meanwhile:
/// the test runner's own threads are as many as the cores, and a test that blocks one of them
/// for seconds starves every async test of the run. Not on `DispatchQueue.global()`: on Linux,
/// Swift's tasks run on that queue's threads, and work put there blocks them all the same.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: work)) }.start()
    }
}
