import Dispatch

/// Runs blocking work (waiting for another process) on a dispatch thread and suspends meanwhile:
/// the test runner's own threads are as many as the cores, and a test that blocks one of them
/// for seconds starves every async test of the run.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result(catching: work)) }
    }
}
