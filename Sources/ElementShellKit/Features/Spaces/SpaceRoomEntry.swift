import MatrixClient

/// A room below a space as `/space` lists it: what the server's `/hierarchy` says of it, with the
/// servers its parent names, and, from the store, our membership and, where we are in it, what
/// waits there and its newest message.
public struct SpaceRoomEntry: Sendable, Equatable {
    public var roomID: String
    public var name: RemoteText?
    public var canonicalAlias: RemoteText?
    public var topic: RemoteText?
    public var joinedMemberCount: Int
    public var isSpace: Bool
    /// `public`, `restricted`, `knock`, …; `nil` when the server did not say.
    public var joinRule: String?
    /// The servers its parent names for joining it.
    public var via: [String]
    /// Ours; `nil` for a room we have never been in.
    public var membership: RoomRecord.Membership?
    public var notificationCount = 0
    public var highlightCount = 0
    public var latest: RoomPreview?

    public init(_ room: SpaceRoom, via: [String] = [], membership: RoomRecord.Membership? = nil) {
        roomID = room.roomID
        name = room.name.map { RemoteText($0) }
        canonicalAlias = room.canonicalAlias.map { RemoteText($0) }
        topic = room.topic.map { RemoteText($0) }
        joinedMemberCount = room.joinedMemberCount
        isSpace = room.isSpace
        joinRule = room.joinRule
        self.via = via
        self.membership = membership
    }

    /// How `/space` and `/join N` name it.
    public var displayName: RemoteText { name ?? canonicalAlias ?? RemoteText(roomID) }
}
