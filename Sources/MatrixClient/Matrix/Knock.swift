/// Someone asking to join a room (`m.room.member` with `membership: knock`).
public struct Knock: Sendable, Equatable {
    public var roomID: String
    public var userID: String
    public var displayName: String?
    /// Why they ask, in their words.
    public var reason: String?

    public init(roomID: String, userID: String, displayName: String? = nil, reason: String? = nil) {
        self.roomID = roomID
        self.userID = userID
        self.displayName = displayName
        self.reason = reason
    }

    /// The knock a member event is, if it is one.
    init?(roomID: String, event: borrowing SyncEvent) {
        guard event.type == "m.room.member", event.content["membership"]?.string == "knock", let userID = event.stateKey else { return nil }
        self.init(roomID: roomID, userID: userID, displayName: event.content["displayname"]?.string, reason: event.content["reason"]?.string)
    }
}
