import MatrixClient

/// Messages held because someone verified here changed identity (`OutboxEntry.held`).
extension AppState {
    /// Puts the held messages back in the send queue once the user settled a changed identity
    /// (withdrew the verification or verified again); returns how many. One still held by
    /// another person's change is held again, and said again, when it is tried.
    func releaseHeldMessages() async -> Int {
        guard let store = state.store, let released = try? await store.releaseHeldMessages(), released > 0 else { return 0 }
        await state.sendQueue?.wake()
        return released
    }
}
