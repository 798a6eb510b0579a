/// A room's newest message as a room list shows it: in one line, after the room's name.
public struct RoomPreview: Sendable, Equatable {
    public var roomID: String
    public var roomName: String
    public var senderName: String
    /// The message as plain text; empty when it was redacted or could not be decrypted.
    public var body: String
    /// Milliseconds since the Unix epoch.
    public var timestamp: Int64
    public var msgtype: String
    public var isRedacted = false
    /// Why it could not be decrypted, which the preview says instead of its empty body.
    public var decryptionFailure: DecryptionFailure?
}

/// A joined space in a grouped room list (`group_space_rooms`), as Clap draws it: its member
/// count, and the newest message among the joined rooms it groups.
public struct SpaceCell: Sendable, Equatable {
    public var joinedMemberCount: Int
    /// The newest message of the grouped rooms; `nil` while none of them holds one.
    public var latest: RoomPreview?
}
