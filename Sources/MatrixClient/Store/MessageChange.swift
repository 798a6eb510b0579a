/// What a sync says about a message already sent: a new text from its sender (`m.replace`), or
/// its removal (a redaction). Applied to the stored message, which keeps its place and number.
public enum MessageChange: Sendable, Equatable {
    /// `sentAt` is the edit's own `origin_server_ts`: of two edits kept for a message not yet
    /// stored, the later one wins.
    case edit(targetID: String, sender: String, body: String, formattedBody: String?, sentAt: Int64 = 0)
    /// `eventID` may name a message or a reaction; `reason` is the redacter's, if any.
    case redaction(eventID: String, reason: String?)
}
