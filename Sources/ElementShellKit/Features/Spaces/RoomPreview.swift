import MatrixClient

/// A room's newest message as a room list shows it: in one line, after the room's name.
public struct RoomPreview: Sendable, Equatable {
    public var roomID: String
    public var roomName: RemoteText
    public var senderName: RemoteText
    /// The message as plain text; empty when it was redacted or could not be decrypted.
    public var body: RemoteText
    /// Milliseconds since the Unix epoch.
    public var timestamp: Int64
    public var msgtype: String
    public var isRedacted = false
    /// Why it could not be decrypted, which the preview says instead of its empty body.
    public var decryptionFailure: DecryptionFailure?

    public init(roomID: String, roomName: RemoteText, senderName: RemoteText, body: RemoteText, timestamp: Int64, msgtype: String,
                isRedacted: Bool = false, decryptionFailure: DecryptionFailure? = nil) {
        self.roomID = roomID
        self.roomName = roomName
        self.senderName = senderName
        self.body = body
        self.timestamp = timestamp
        self.msgtype = msgtype
        self.isRedacted = isRedacted
        self.decryptionFailure = decryptionFailure
    }
}
