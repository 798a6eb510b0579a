import MatrixClient

/// A line about a large transfer under way, for `/upload` and `/download`.
public struct TransferNotice: Sendable, Equatable {
    public enum Direction: String, Sendable, Equatable {
        case upload, download
    }

    public var direction: Direction
    public var fileName: String
    public var progress: TransferProgress
}
