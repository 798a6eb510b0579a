import MatrixClient

/// A message as the user sees it: who (by a name unique in the room), what, when.
public struct MessageView: Sendable, Equatable {
    public var roomID: String
    public var eventID: String?
    public var transactionID: String?
    public var sender: String
    public var senderName: RemoteText
    public var msgtype: String
    public var body: RemoteText
    /// The sender's HTML for `body` (`org.matrix.custom.html`), shown instead of it when set.
    public var formattedBody: RemoteText?
    /// The file of an image, file, video or audio message.
    public var media: MediaInfo?
    /// What the pages it links to look like, as its sender bundled them.
    public var previews: [LinkPreview] = []
    /// Milliseconds since the Unix epoch.
    public var timestamp: Int64
    /// Our own message, in the outbox until the server confirms it.
    public var isPending: Bool
    /// The `~N` it is shown with; none while pending.
    public var reference: Int?
    /// The message it answers, in one line.
    public var replyQuote: ReplyQuote?
    public var isEdited = false
    public var isRedacted = false
    public var redactionReason: RemoteText?
    /// Reaction keys with how many reacted so, in the order first given.
    public var reactions: [ReactionCount] = []
    /// On a thread's root: its replies, with the latest sender's name.
    public var threadSummary: ThreadLine?
    /// On a message shown outside its thread: the `~N` of the thread's root.
    public var threadReference: Int?
    /// How it arrived encrypted and whether its sender is trusted; `nil` when sent in the clear.
    public var encryption: MessageEncryption?
    /// The field that did not fit on an event that arrived malformed (see `MessageRecord`).
    public var malformedField: String?
    /// The poll a poll start asks, as it stands.
    public var poll: PollView?

    public init(roomID: String, eventID: String?, transactionID: String?, sender: String, senderName: RemoteText,
                msgtype: String, body: RemoteText, formattedBody: RemoteText? = nil, timestamp: Int64, isPending: Bool) {
        self.roomID = roomID
        self.eventID = eventID
        self.transactionID = transactionID
        self.sender = sender
        self.senderName = senderName
        self.msgtype = msgtype
        self.body = body
        self.formattedBody = formattedBody
        self.timestamp = timestamp
        self.isPending = isPending
    }
}

/// The parent of a reply as it is quoted above it.
public struct ReplyQuote: Sendable, Equatable {
    public var senderName: RemoteText
    public var body: RemoteText
    public var reference: Int?
    /// Why the parent could not be decrypted, which the quote says instead of its empty body.
    public var decryptionFailure: DecryptionFailure?
}

public struct ReactionCount: Sendable, Equatable {
    public var key: RemoteText
    public var count: Int
    /// Who gave it first, which a screen reader says: "Bob and 2 others reacted with …".
    public var firstSenderID: String?
    /// Their name in the room, once the view is made.
    public var firstSenderName: RemoteText?
}

/// What a thread's root shows of its replies.
public struct ThreadLine: Sendable, Equatable {
    public var replyCount: Int
    /// The name, unique in the room, of whoever wrote the latest reply.
    public var latestSenderName: RemoteText
}
