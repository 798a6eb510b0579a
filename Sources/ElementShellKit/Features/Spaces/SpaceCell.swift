import MatrixClient

/// A joined space in a grouped room list (`group_space_rooms`), as Clap draws it: its member
/// count, and the newest message among the joined rooms it groups.
public struct SpaceCell: Sendable, Equatable {
    public var joinedMemberCount: Int
    /// The newest message of the grouped rooms; `nil` while none of them holds one.
    public var latest: RoomPreview?
}
