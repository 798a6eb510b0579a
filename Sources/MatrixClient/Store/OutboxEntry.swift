import GRDB

/// A message waiting to be sent. It is written before the first attempt and removed once the
/// server has it, so nothing typed is lost to a crash, and the same transaction ID on every
/// attempt keeps it from arriving twice.
public struct OutboxEntry: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox"

    public var transactionID: String
    public var roomID: String
    /// `m.room.message`, `m.reaction`, or `m.room.redaction` (sent through `/redact`).
    public var eventType: String
    public var relation: MessageRelation?
    public var msgtype: String
    public var body: String
    /// The HTML version of `body` (`org.matrix.custom.html`), when the message is formatted.
    public var formattedBody: String?
    /// The uploaded file of a media message: sent with it, and kept across restarts with it.
    public var media: MediaInfo?
    /// The pages it links to as previewed when it was typed, bundled into it (MSC4095).
    public var previews: [LinkPreview]?
    /// The poll a poll start asks; its `eventType` is the poll start's.
    public var poll: PollDefinition?
    /// Milliseconds since the Unix epoch, when it was typed.
    public var createdAt: Int64
    public var attempts: Int
    /// The server refused it for good: it waits for `/resend` or `/cancel`.
    public var failed: Bool
    /// Set aside (`failed`) because someone in its room, verified here, changed identity: it goes
    /// once the user withdraws the verification or verifies them again.
    public var held = false

    public init(transactionID: String, roomID: String, eventType: String = "m.room.message", relation: MessageRelation? = nil,
                msgtype: String, body: String, formattedBody: String? = nil, media: MediaInfo? = nil, createdAt: Int64, attempts: Int = 0, failed: Bool = false) {
        self.transactionID = transactionID
        self.roomID = roomID
        self.eventType = eventType
        self.relation = relation
        self.msgtype = msgtype
        self.body = body
        self.formattedBody = formattedBody
        self.media = media
        self.createdAt = createdAt
        self.attempts = attempts
        self.failed = failed
    }

    enum CodingKeys: String, CodingKey {
        case transactionID = "transaction_id", roomID = "room_id", eventType = "event_type", relation
        case msgtype, body, formattedBody = "formatted_body", media, previews, poll
        case createdAt = "created_at", attempts, failed, held
    }
}
