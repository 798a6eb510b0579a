import MatrixClient

/// A line about a large transfer under way, for `/upload` and `/download`.
public struct TransferNotice: Sendable, Equatable {
    public enum Direction: String, Sendable, Equatable {
        case upload, download
    }

    public var direction: Direction
    /// The file's name as its message gave it (for a download) or as it was picked.
    public var fileName: RemoteText
    public var progress: TransferProgress
}
