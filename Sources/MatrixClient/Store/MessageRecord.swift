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
    /// The HTML (`org.matrix.custom.html`) version of `body`, when the sender formatted it.
    public var formattedBody: String?
    /// Milliseconds since the Unix epoch.
    public var originServerTS: Int64
    /// Set on our own messages sent from this device: the ID the send queue used.
    public var transactionID: String?
    /// The message this one replies to.
    public var replyTo: String?
    /// The root of the thread it was sent in; `nil` in the room's main timeline.
    public var threadRoot: String?
    /// Its sender replaced the text since (`m.replace`); `body` is the newest.
    public var isEdited = false
    /// Removed: `body` is empty, `redactionReason` says why if the redacter did.
    public var isRedacted = false
    public var redactionReason: String?
    /// The file of an image, file, video or audio message.
    public var media: MediaInfo?
    /// What the pages it links to look like, as its sender bundled them; nil for none.
    public var previews: [LinkPreview]?
    /// The Curve25519 key of the device that encrypted it; `nil` for a message sent in the clear.
    public var senderKey: String?
    /// Why it could not be decrypted; `nil` when it was (or was never encrypted).
    public var decryptionFailure: DecryptionFailure?
    /// Decrypted with a key from an import or a forward rather than from its sender: who sent it is not proven.
    public var isKeyImported = false
    /// Who shared its key with this device with the room's history, on inviting it (MSC4268).
    public var keySharedBy: String?
    /// The field that did not fit the spec when it arrived malformed (`content.body`, `sender`,
    /// …); it is shown as such, its text empty.
    public var malformedField: String?
    /// The poll a poll start asks (its `body` is the poll's text fallback).
    public var poll: PollDefinition?

    public init(eventID: String, roomID: String, sender: String, msgtype: String, body: String, formattedBody: String? = nil,
                originServerTS: Int64, transactionID: String? = nil, replyTo: String? = nil, threadRoot: String? = nil) {
        self.eventID = eventID
        self.roomID = roomID
        self.sender = sender
        self.msgtype = msgtype
        self.body = body
        self.formattedBody = formattedBody
        self.originServerTS = originServerTS
        self.transactionID = transactionID
        self.replyTo = replyTo
        self.threadRoot = threadRoot
    }

    enum CodingKeys: String, CodingKey {
        case seq, eventID = "event_id", roomID = "room_id", sender, msgtype, body, formattedBody = "formatted_body"
        case originServerTS = "origin_server_ts", transactionID = "transaction_id", replyTo = "reply_to", threadRoot = "thread_root"
        case isEdited = "edited", isRedacted = "redacted", redactionReason = "redaction_reason", media, previews
        case senderKey = "sender_key", decryptionFailure = "decryption_failure", isKeyImported = "key_imported"
        case keySharedBy = "key_shared_by", malformedField = "malformed", poll
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        seq = inserted.rowID
    }
}
