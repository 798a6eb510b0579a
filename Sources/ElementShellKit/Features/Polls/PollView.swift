import MatrixClient

/// A poll as a message shows it: its question and answers, and how it stands for the user.
public struct PollView: Sendable, Equatable {
    public var definition: PollDefinition
    public var results: PollResults
    /// The names, unique in the room, of those whose vote counts, in the order they voted.
    public var voterNames: [RemoteText]
    /// The answers the user's own vote chose.
    public var ownChoices: Set<String>
    /// Who ended it, by name.
    public var endedByName: RemoteText?

    /// Whether the votes per answer show: a disclosed poll always, an undisclosed one once ended.
    public var showsCounts: Bool {
        definition.kind == .disclosed || results.isEnded
    }
}
