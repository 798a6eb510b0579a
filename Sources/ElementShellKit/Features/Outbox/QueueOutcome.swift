import MatrixClient

/// What `/queue`, `/resend` and `/cancel` produced.
public enum QueueOutcome: Sendable, Equatable {
    /// `/queue`: the outbox in sending order; the position (from 1) is the number `/resend` and
    /// `/cancel` take.
    case list([QueuedMessage])
    case resent(count: Int)
    case cancelled(count: Int)
}

/// A message of the outbox, for `/queue`.
public struct QueuedMessage: Sendable, Equatable {
    public var entry: OutboxEntry
    public var roomName: RemoteText
}
