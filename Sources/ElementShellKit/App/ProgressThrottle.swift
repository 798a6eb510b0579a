import MatrixClient

/// Chooses which of libcurl's many progress calls become a line: for transfers of at least
/// `minimumBytes`, each tenth passed, or once a second while the total is unknown. The start
/// and the end are left out: the command's own result line says those.
struct ProgressThrottle {
    var minimumBytes: Int64 = 1 << 20
    private var tenthsShown: Int64 = 0
    private var lastShown: Duration?

    mutating func shouldReport(_ progress: TransferProgress, at now: Duration) -> Bool {
        guard progress.done > 0, max(progress.total, progress.done) >= minimumBytes else { return false }
        if progress.total > 0 {
            let tenths = progress.done * 10 / progress.total
            guard tenths > tenthsShown, progress.done < progress.total else { return false }
            tenthsShown = tenths
            return true
        }
        if let lastShown, now - lastShown < .seconds(1) { return false }
        lastShown = now
        return true
    }
}
