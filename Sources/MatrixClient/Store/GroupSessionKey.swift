/// Names one inbound Megolm session: a session ID counts only in the room it was sent for.
public struct GroupSessionKey: Hashable, Sendable {
    public let roomID: String
    public let sessionID: String

    public init(roomID: String, sessionID: String) {
        self.roomID = roomID
        self.sessionID = sessionID
    }
}
