/// A room of a space's hierarchy, as `/space` lists it: what the server says of it, which
/// servers lead to it, and our own membership of it from the store.
public struct SpaceRoom: Sendable, Equatable {
    public var roomID: String
    public var name: String?
    public var canonicalAlias: String?
    public var topic: String?
    public var joinedMemberCount: Int
    public var isSpace: Bool
    /// `public`, `restricted`, `knock`, …; `nil` when the server did not say.
    public var joinRule: String?
    /// Its children by room ID, each with the servers to join it through.
    public var children: [String: [String]]
    /// The servers its parent names for joining it.
    public var via: [String]
    /// Ours, from the store; `nil` for a room we have never been in.
    public var membership: RoomRecord.Membership?
    /// What waits in it, from the store, where we are in it.
    public var notificationCount = 0
    public var highlightCount = 0
    /// Its newest message, from the store, where we are in it.
    public var latest: RoomPreview?

    public init(roomID: String, name: String? = nil, canonicalAlias: String? = nil, topic: String? = nil, joinedMemberCount: Int = 0,
                isSpace: Bool = false, joinRule: String? = nil, children: [String: [String]] = [:], via: [String] = [],
                membership: RoomRecord.Membership? = nil) {
        self.roomID = roomID
        self.name = name
        self.canonicalAlias = canonicalAlias
        self.topic = topic
        self.joinedMemberCount = joinedMemberCount
        self.isSpace = isSpace
        self.joinRule = joinRule
        self.children = children
        self.via = via
        self.membership = membership
    }

    /// How `/space` and `/join N` name it.
    public var displayName: String { name ?? canonicalAlias ?? roomID }
}

/// One page of `/hierarchy` and where the next begins (`nil` after the last).
public struct SpaceHierarchyPage: Sendable, Equatable {
    public var rooms: [SpaceRoom]
    public var next: String?

    public init(rooms: [SpaceRoom], next: String?) {
        self.rooms = rooms
        self.next = next
    }
}
