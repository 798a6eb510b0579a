/// How an outgoing event relates to an earlier one. Kept with its outbox entry (as JSON), so a
/// reply or an edit typed before a crash still goes out as one.
public enum MessageRelation: Sendable, Equatable, Codable {
    /// A reply; its parent's sender is mentioned.
    case reply(to: String, sender: String)
    /// A message in the thread of `root`; `latest` is the thread's newest message, which clients
    /// without threads show it as a reply to.
    case thread(root: String, latest: String)
    /// A new text for one of our messages (`m.replace`).
    case replacement(of: String)
    /// A reaction (`m.annotation`) with `key`, usually an emoji.
    case annotation(of: String, key: String)
    /// The removal of an event (sent through `/redact`, not `/send`).
    case redaction(of: String)
    /// A vote in the poll `poll` started, for these answers (`m.reference`).
    case pollResponse(to: String, answers: [String])
    /// The end of the poll `poll` started (`m.reference`); the entry's body is its text fallback.
    case pollEnd(of: String)

    /// The thread a message goes to, if any.
    public var threadRoot: String? {
        if case .thread(let root, _) = self { root } else { nil }
    }
}
