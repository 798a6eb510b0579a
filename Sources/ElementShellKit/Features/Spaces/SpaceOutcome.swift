import MatrixClient

/// What `/spaces`, `/space`, `/space-kick`, and `/open` or `/join` of a space produced.
public enum SpaceOutcome: Sendable, Equatable {
    /// `/spaces`: in `/rooms` order; the position (from 1) is the number `/space` takes.
    case list([RoomEntry])
    /// `/space`: the rooms below the space, depth first; the position (from 1) is the number
    /// `/join` takes. `isComplete` is false when there were more than `/space` reads;
    /// `offersManagement` when the profile offers `/space remove`.
    case hierarchy(spaceName: RemoteText, rooms: [SpaceRoomEntry], isComplete: Bool, offersManagement: Bool = false)
    /// `/open` of a space when `/rooms` groups them: its joined rooms in `/rooms` order.
    case rooms(spaceName: RemoteText, rooms: [RoomEntry])
    /// `/join` of a space the user is in already: nothing to join, and `/space` shows its rooms.
    case alreadyJoined(roomID: String, spaceName: RemoteText)
    /// `/space add`: `parentLinked` when the room names the space as its parent too.
    case childAdded(spaceName: RemoteText, roomName: RemoteText, parentLinked: Bool)
    /// `/space remove`: `parentUnlinked` when the room's link to the space went too.
    case childRemoved(spaceName: RemoteText, roomName: RemoteText, parentUnlinked: Bool)
    /// `/space-kick`: each room of the space the user was in, the space first.
    case kicked(userID: String, spaceName: RemoteText, results: [SpaceKickResult])
}
