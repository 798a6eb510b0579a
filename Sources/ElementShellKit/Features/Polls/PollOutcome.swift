import MatrixClient

/// What the poll commands produced; each waits in the outbox until the server has it.
public enum PollOutcome: Sendable, Equatable {
    case started(question: RemoteText)
    /// The vote for these answers (as the poll has them) is on its way.
    case voted(number: Int, answers: [RemoteText])
    case ended(number: Int)
}
