import MatrixClient

/// Polls in the open room: asking one, voting, ending one.
public enum PollAction: Sendable, Equatable {
    /// Sends a poll: its question and answers as typed, whether the votes show before it ends,
    /// and how many answers one may choose.
    case create(question: String, answers: [String], kind: PollDefinition.Kind, maxSelections: Int)
    /// Votes in a poll for answers named by number or by text; a vote replaces the one before.
    case vote(MessageReference, answers: [String])
    /// Ends a poll: its creator's, or any where the user may remove others' messages.
    case end(MessageReference)
}

// A poll and a vote are what the user wrote: printed, an action shows only its shape.
extension PollAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .create(_, let answers, let kind, let maxSelections):
            "create(question: <redacted>, answers: \(answers.count), kind: \(kind.rawValue), maxSelections: \(maxSelections))"
        case .vote(let reference, let answers): "vote(\(reference.text), answers: \(answers.count))"
        case .end(let reference): "end(\(reference.text))"
        }
    }
}

extension PollAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .create: .poll
        case .vote: .vote
        case .end: .endpoll
        }
    }
}
