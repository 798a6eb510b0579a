/// What sending a message produced: a plain line, `/me`, `/notice`, `/plain`, `/html`, and the
/// replies, edits and files that go out the same way.
public enum MessageOutcome: Sendable, Equatable {
    /// In the outbox; it shows as pending until the server has it.
    case queued(MessageView)
}
