import MatrixClient

/// What `/open`'s first line says of a room besides its name: how many messages are pinned in
/// it, and the room that replaced it, if it was upgraded.
public struct RoomHeader: Sendable, Equatable {
    public var pinnedCount = 0
    public var replacement: RoomReplacement?

    public init(pinnedCount: Int = 0, replacement: RoomReplacement? = nil) {
        self.pinnedCount = pinnedCount
        self.replacement = replacement
    }
}

/// The room an upgrade moved a room's conversation to (`m.room.tombstone`).
public struct RoomReplacement: Sendable, Equatable {
    public var roomID: String
    /// Its name as `/rooms` shows it, once joined.
    public var name: RemoteText?
}
