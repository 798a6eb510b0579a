import GRDB

/// A message event as the store keeps it for the timeline.
public struct MessageRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "message"

    /// Position in the room's timeline, once stored: newer messages have larger numbers.
    public var seq: Int64?
    public var eventID: String
    public var roomID: String
    public var sender: String
    public var msgtype: String
    public var body: String
    /// Milliseconds since the Unix epoch.
    public var originServerTS: Int64
    /// Set on our own messages sent from this device: the ID the send queue used.
    public var transactionID: String?

    public init(eventID: String, roomID: String, sender: String, msgtype: String, body: String, originServerTS: Int64, transactionID: String? = nil) {
        self.eventID = eventID
        self.roomID = roomID
        self.sender = sender
        self.msgtype = msgtype
        self.body = body
        self.originServerTS = originServerTS
        self.transactionID = transactionID
    }

    enum CodingKeys: String, CodingKey {
        case seq, eventID = "event_id", roomID = "room_id", sender, msgtype, body
        case originServerTS = "origin_server_ts", transactionID = "transaction_id"
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        seq = inserted.rowID
    }
}

/// A member's display name in a room, for naming senders.
public struct MemberRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "member"

    public var roomID: String
    public var userID: String
    public var displayName: String?

    public init(roomID: String, userID: String, displayName: String?) {
        self.roomID = roomID
        self.userID = userID
        self.displayName = displayName
    }

    enum CodingKeys: String, CodingKey {
        case roomID = "room_id", userID = "user_id", displayName = "display_name"
    }
}

/// A message waiting to be sent. It is written before the first attempt and removed once the
/// server has it, so nothing typed is lost to a crash, and the same transaction ID on every
/// attempt keeps it from arriving twice.
public struct OutboxEntry: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox"

    public var transactionID: String
    public var roomID: String
    public var msgtype: String
    public var body: String
    /// Milliseconds since the Unix epoch, when it was typed.
    public var createdAt: Int64
    public var attempts: Int
    /// The server refused it for good: it waits for `/resend` or `/cancel`.
    public var failed: Bool

    public init(transactionID: String, roomID: String, msgtype: String, body: String, createdAt: Int64, attempts: Int = 0, failed: Bool = false) {
        self.transactionID = transactionID
        self.roomID = roomID
        self.msgtype = msgtype
        self.body = body
        self.createdAt = createdAt
        self.attempts = attempts
        self.failed = failed
    }

    enum CodingKeys: String, CodingKey {
        case transactionID = "transaction_id", roomID = "room_id", msgtype, body, createdAt = "created_at", attempts, failed
    }
}
