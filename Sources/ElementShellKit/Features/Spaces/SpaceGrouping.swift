import MatrixClient

/// The room list of a profile with `group_space_rooms` (Clap's): a joined space stands for the
/// rooms of it we have joined, which leave the top level.
public enum SpaceGrouping {
    /// Every room but those a joined space holds; each joined space carries the unread counts of
    /// its joined rooms added to its own, and the latest activity among them, so it sorts and
    /// reads as the group it stands for. Invites and left rooms stay at the top, where they are seen.
    public static func topLevel(of rooms: [String: RoomRecord]) -> [RoomRecord] {
        let spaces = rooms.values.filter { $0.isSpace && $0.membership == .join }
        let grouped = Set(spaces.flatMap { children(of: $0, in: rooms).map(\.roomID) })
        return rooms.values.compactMap { room in
            guard !grouped.contains(room.roomID) else { return nil }
            guard room.isSpace, room.membership == .join else { return room }
            return children(of: room, in: rooms).reduce(into: room) { group, child in
                group.notificationCount += child.notificationCount
                group.highlightCount += child.highlightCount
                group.lastActivity = max(group.lastActivity, child.lastActivity)
            }
        }
    }

    /// The joined rooms the space names as its children, in `/rooms` order.
    public static func children(of space: RoomRecord, in rooms: [String: RoomRecord]) -> [RoomRecord] {
        RoomOrder.sorted(space.spaceChildren.compactMap { rooms[$0] }.filter { $0.membership == .join && $0.roomID != space.roomID })
    }
}
