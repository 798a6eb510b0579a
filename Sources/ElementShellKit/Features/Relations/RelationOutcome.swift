/// What `/react`, `/unreact` and `/redact` produced (a reply or an edit is a queued message).
public enum RelationOutcome: Sendable, Equatable {
    /// A reaction (its key) to the message `reference` names, numbered `number`, is in the outbox.
    case reactionQueued(key: String, reference: String, number: Int)
    /// The removal of the message (or of a reaction to it) is in the outbox.
    case redactionQueued(reference: String, number: Int)
}
