import MatrixClient

/// Chooses which of libcurl's many progress calls become a line: for transfers of at least
/// `minimumBytes`, each tenth passed, or once a second while the total is unknown; and never two
/// within `minimumInterval`, which a screen reader's user sets to ten seconds, so that progress is
/// news rather than a stream that drowns what they listen to. The start and the end are left
/// out: the command's own result line says those.
struct ProgressThrottle {
    let minimumBytes: Int64
    let minimumInterval: Duration
    private var tenthsShown: Int64 = 0
    private var lastShown: Duration?

    init(minimumBytes: Int64 = 1 << 20, minimumInterval: Duration = .zero) {
        self.minimumBytes = minimumBytes
        self.minimumInterval = minimumInterval
    }

    mutating func shouldReport(_ progress: TransferProgress, at now: Duration) -> Bool {
        guard progress.done > 0, max(progress.total, progress.done) >= minimumBytes else { return false }
        if let lastShown, now - lastShown < (progress.total > 0 ? minimumInterval : max(minimumInterval, .seconds(1))) { return false }
        if progress.total > 0 {
            let tenths = progress.done * 10 / progress.total
            guard tenths > tenthsShown, progress.done < progress.total else { return false }
            tenthsShown = tenths
        }
        lastShown = now
        return true
    }
}
