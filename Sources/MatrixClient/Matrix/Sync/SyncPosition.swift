/// Where a sync goes on from: what a response hands the store to keep in the transaction of the
/// data it brought, so a run killed at any moment goes on from the last data it holds.
public enum SyncPosition: Sendable, Equatable {
    /// `/v3/sync`'s `next_batch`.
    case nextBatch(String)
    /// A sliding sync connection's place.
    case sliding(SlidingSyncPosition)
}

/// A simplified sliding sync (MSC4186) connection's place: the server's `pos`, which names what
/// it has sent on the connection, and the to-device stream's, which tells it which of the
/// device's to-device messages were taken (it deletes them then).
public struct SlidingSyncPosition: Sendable, Equatable {
    public var pos: String?
    public var toDeviceSince: String?
    /// How many rooms the list held at `pos`: a later run asks for all of them at once instead of
    /// growing its window again over rooms the connection has sent.
    public var roomCount: Int?

    public init(pos: String?, toDeviceSince: String?, roomCount: Int? = nil) {
        self.pos = pos
        self.toDeviceSince = toDeviceSince
        self.roomCount = roomCount
    }
}

/// Both kinds of position as the store holds them. Each kind of sync goes on from its own, so
/// switching between `/v3` and sliding sync on one store loses nothing: either asks the server
/// for what changed since it last ran (or for everything, the first time).
public struct SyncPositions: Sendable, Equatable {
    public var nextBatch: String?
    public var sliding: SlidingSyncPosition?

    public init(nextBatch: String? = nil, sliding: SlidingSyncPosition? = nil) {
        self.nextBatch = nextBatch
        self.sliding = sliding
    }

    /// Whether the store was ever synced, in either way.
    public var hasSynced: Bool { nextBatch != nil || sliding?.pos != nil }

    /// The positions once a response at `position` is stored.
    public mutating func move(to position: SyncPosition) {
        switch position {
        case .nextBatch(let token): nextBatch = token
        case .sliding(let place): sliding = place
        }
    }
}
