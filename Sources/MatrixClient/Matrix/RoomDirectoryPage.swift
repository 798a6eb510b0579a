/// One page of a server's room directory (`/publicRooms`) and where the next begins.
public struct RoomDirectoryPage: Sendable, Equatable {
    public var rooms: [SpaceRoom]
    /// `nil` after the last page.
    public var next: String?
    /// How many rooms the server thinks match, where it says.
    public var totalEstimate: Int?

    public init(rooms: [SpaceRoom], next: String?, totalEstimate: Int? = nil) {
        self.rooms = rooms
        self.next = next
        self.totalEstimate = totalEstimate
    }
}
