/// How far one transfer's body has gone: the request's for an upload, the response's otherwise.
/// `total` is 0 while unknown (a response without `Content-Length`).
public struct TransferProgress: Sendable, Equatable {
    public var done: Int64
    public var total: Int64

    public init(done: Int64, total: Int64) {
        self.done = done
        self.total = total
    }
}

/// Told of progress on the transfer's own thread, often: it should only note the figures.
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void
