import MatrixClient

/// A room as the room lists (`/rooms`, `/spaces`, a grouped space's `/open`) show it: its name and
/// alias as the remote text they are, and what the list says of it.
public struct RoomEntry: Sendable, Equatable {
    public var roomID: String
    /// As `RoomName` chooses it: name, alias, heroes or ID.
    public var name: RemoteText
    public var canonicalAlias: RemoteText?
    public var membership: RoomRecord.Membership
    public var isDirect: Bool
    public var isSpace: Bool
    public var isEncrypted: Bool
    public var notificationCount: Int
    public var highlightCount: Int
    /// Milliseconds since the Unix epoch; 0 when nothing happened there yet.
    public var lastActivity: Int64
    /// For a space, how many rooms it names.
    public var childCount: Int
    /// Set to notify nothing: the list says so instead of its counts.
    public var isMuted = false
    /// Marked unread by the user, here or in another client.
    public var isMarkedUnread: Bool

    public init(_ room: RoomRecord) {
        roomID = room.roomID
        name = RoomName.text(of: room)
        canonicalAlias = room.canonicalAlias.map { RemoteText($0) }
        membership = room.membership
        isDirect = room.isDirect
        isSpace = room.isSpace
        isEncrypted = room.encryption != nil
        notificationCount = room.notificationCount
        highlightCount = room.highlightCount
        lastActivity = room.lastActivity
        childCount = room.spaceChildren.count
        isMarkedUnread = room.isMarkedUnread
    }
}
