import MatrixClient

/// A room with news for `/unread`: unread messages, mentions, or an invite; with its number in
/// `/rooms` when that list shows it (a room inside a grouped space has none).
public struct RoomNews: Sendable, Equatable {
    public var number: Int?
    public var room: RoomEntry

    /// The rooms with news, those that matter most first: mentions (most first), invites, direct
    /// chats, then the other rooms by how much waits there; the latest activity breaks ties.
    static func ordered(_ rooms: some Sequence<RoomRecord>, numberedAs listed: [RoomRecord]) -> [RoomNews] {
        let numbers = Dictionary(listed.enumerated().map { ($0.element.roomID, $0.offset + 1) }) { first, _ in first }
        return rooms.filter { $0.membership == .invite || ($0.membership == .join && $0.isUnread) }
            .sorted { rank(of: $0) < rank(of: $1) }
            .map { RoomNews(number: numbers[$0.roomID], room: RoomEntry($0)) }
    }

    /// Compared in order; smaller comes first.
    private static func rank(of room: RoomRecord) -> (Int, Int, Int, Int64, String) {
        let kind = room.highlightCount > 0 ? 0 : room.membership == .invite ? 1 : room.isDirect ? 2 : 3
        return (kind, -room.highlightCount, -room.notificationCount, -room.lastActivity, room.roomID)
    }
}
