/// Which event a Megolm message index decrypted: each index of a session encrypts one message,
/// so a second event with it is an old ciphertext sent again (`megolm_message_index`).
public struct MegolmIndexUse: Sendable, Hashable {
    public var roomID: String
    public var sessionID: String
    public var messageIndex: UInt32
    public var eventID: String
    public var originServerTS: Int64?

    public init(roomID: String, sessionID: String, messageIndex: UInt32, eventID: String, originServerTS: Int64?) {
        self.roomID = roomID
        self.sessionID = sessionID
        self.messageIndex = messageIndex
        self.eventID = eventID
        self.originServerTS = originServerTS
    }
}
