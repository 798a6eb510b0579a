/// What applying a sync response left in the store, for the app to show.
public struct SyncResult: Sendable, Equatable {
    public var rooms: [RoomRecord]
    /// Messages the store did not have before this response.
    public var messages: [MessageRecord]

    public init(rooms: [RoomRecord], messages: [MessageRecord]) {
        self.rooms = rooms
        self.messages = messages
    }
}
