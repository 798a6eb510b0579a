import MatrixClient

/// What the store holds around messages about to be shown: the messages they reply to, their
/// reactions, and, outside a thread view, the summaries of threads they start and the roots of
/// threads they are in. All keyed by event ID.
struct MessageSurroundings {
    var parents: [String: MessageRecord] = [:]
    var reactionCounts: [String: [ReactionCount]] = [:]
    var threadSummaries: [String: ThreadSummary] = [:]
    var threadRoots: [String: MessageRecord] = [:]
    /// How each poll among them stands, by its start's event ID.
    var pollResults: [String: PollResults] = [:]

    /// The same for a thread view, which shows no thread summaries or roots.
    var insideThread: MessageSurroundings {
        MessageSurroundings(parents: parents, reactionCounts: reactionCounts, pollResults: pollResults)
    }
}
