import MatrixClient

/// The order of `/rooms`: invites first, then joined rooms by latest activity, then left ones.
public enum RoomOrder {
    public static func sorted(_ rooms: [RoomRecord]) -> [RoomRecord] {
        rooms.sorted { lhs, rhs in
            let left = rank(lhs.membership), right = rank(rhs.membership)
            if left != right { return left < right }
            if lhs.lastActivity != rhs.lastActivity { return lhs.lastActivity > rhs.lastActivity }
            return lhs.roomID < rhs.roomID
        }
    }

    private static func rank(_ membership: RoomRecord.Membership) -> Int {
        switch membership {
        case .invite: 0
        case .join: 1
        case .leave: 2
        }
    }
}
