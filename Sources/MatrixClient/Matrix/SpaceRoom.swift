/// A room of a space's hierarchy as the server's `/hierarchy` describes it.
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

    public init(roomID: String, name: String? = nil, canonicalAlias: String? = nil, topic: String? = nil, joinedMemberCount: Int = 0,
                isSpace: Bool = false, joinRule: String? = nil, children: [String: [String]] = [:]) {
        self.roomID = roomID
        self.name = name
        self.canonicalAlias = canonicalAlias
        self.topic = topic
        self.joinedMemberCount = joinedMemberCount
        self.isSpace = isSpace
        self.joinRule = joinRule
        self.children = children
    }

    /// Its name, else its alias, else its ID.
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
