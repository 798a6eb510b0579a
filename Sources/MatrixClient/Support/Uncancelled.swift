/// Runs `operation` to its end even when the calling task is cancelled meanwhile, and returns
/// its outcome: for work that must not stop half-way, such as taking in a sync response whose
/// to-device messages were already decrypted (Olm opens each only once, so a room key or a
/// secret dropped half-way would never come again). Cancellation still reaches the caller once
/// the work is done.
func uncancelled<Success: Sendable>(_ operation: @escaping @Sendable () async throws -> Success) async throws -> Success {
    try await Task { try await operation() }.value
}
