import MatrixClient

/// A session's running parts: its services, open store, crypto machine, verifications, send
/// queue and the tasks that run them. Built whole once the store is open and the keys are read
/// (login, resume, new network settings), and dropped whole when the services stop; what they
/// report afterwards carries an older `generation` and is dropped.
struct SessionRuntime {
    let generation: Int
    let services: SessionServices
    let store: StoreWriter
    let crypto: CryptoMachine?
    let verifications: VerificationCenter?
    let sendQueue: SendQueue
    var sendTask: Task<Void, Never>?
    var syncTask: Task<Void, Never>?
    /// Whether the latest loop long-polls; one that only catches up is let finish (see `restartSync`).
    var syncLoopPolls = false
    /// The room sync was last told is open (`followOpenRoom`); `nil` until it was told any.
    var followedRoom: String??
    /// Tells the user, past a delay, that the first sync is under way.
    var firstSyncNotice: Task<Void, Never>?
    /// The open room's receipt, waiting to cover whatever arrives meanwhile in one request.
    var pendingReceipt: PendingReceipt?

    /// Cancels every task of the services and ends their verifications; returns the tasks that
    /// may still be finishing a write, which whoever removes or reopens the store waits for.
    func stop() -> [Task<Void, Never>] {
        firstSyncNotice?.cancel()
        pendingReceipt?.timer.cancel()
        if let verifications { Task { await verifications.stop() } }
        let writers = [syncTask, sendTask].compactMap { $0 }
        for task in writers { task.cancel() }
        return writers
    }
}
