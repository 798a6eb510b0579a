/// What libcurl's progress callback consults on the transfer thread: whether the task was
/// cancelled, and whom to tell how far the body has gone.
final class TransferMonitor: Sendable {
    let cancellation: CancellationFlag
    private let isUpload: Bool
    private let progress: TransferProgressHandler?

    init(cancellation: CancellationFlag, isUpload: Bool, progress: TransferProgressHandler?) {
        self.cancellation = cancellation
        self.isUpload = isUpload
        self.progress = progress
    }

    /// libcurl's four counters; `false` aborts the transfer.
    func update(downloadTotal: Int64, downloaded: Int64, uploadTotal: Int64, uploaded: Int64) -> Bool {
        if let progress {
            progress(isUpload ? TransferProgress(done: uploaded, total: uploadTotal) : TransferProgress(done: downloaded, total: downloadTotal))
        }
        return !cancellation.isCancelled
    }
}
