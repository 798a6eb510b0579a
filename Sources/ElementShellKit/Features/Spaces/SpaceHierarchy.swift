import MatrixClient

/// What `/space` lists from the pages of `/hierarchy`: every room below the space, in the
/// server's depth-first order, each with the servers its parent names and our membership.
struct SpaceHierarchy {
    /// The space itself, when the server listed it (first, on the first page).
    let space: SpaceRoom?
    let rooms: [SpaceRoomEntry]

    init(spaceID: String, pages: [SpaceHierarchyPage], memberships: [String: RoomRecord.Membership]) {
        let all = pages.flatMap(\.rooms)
        let via = Dictionary(all.flatMap(\.children)) { first, _ in first }
        var seen: Set<String> = [spaceID]
        space = all.first { $0.roomID == spaceID }
        // A room in two subspaces is listed by the server under each; once is enough here.
        rooms = all.compactMap { room in
            guard seen.insert(room.roomID).inserted else { return nil }
            return SpaceRoomEntry(room, via: via[room.roomID] ?? [], membership: memberships[room.roomID])
        }
    }
}

/// How a room went in `/space-kick`.
public struct SpaceKickResult: Sendable, Equatable {
    public var roomID: String
    public var roomName: RemoteText
    /// Why the user is still there; `nil` when they were removed.
    public var error: ShellError?
    /// Whether the user was only invited: removing them revokes the invite.
    public var wasInvited: Bool

    public init(roomID: String, roomName: RemoteText, error: ShellError? = nil, wasInvited: Bool = false) {
        self.roomID = roomID
        self.roomName = roomName
        self.error = error
        self.wasInvited = wasInvited
    }

    func failed(_ error: ShellError?) -> Self {
        var result = self
        result.error = error
        return result
    }
}
