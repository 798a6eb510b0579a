import MatrixClient

/// What `/thread`, `/back` and `/threads` produced.
public enum ThreadOutcome: Sendable, Equatable {
    /// `/thread`: its root and latest replies (oldest first), and its draft for the input line.
    case opened(roomName: RemoteText, root: MessageView, messages: [MessageView], draft: String?)
    case closed(roomName: RemoteText)
    /// `/threads`: the roots, each with its summary, the most recently active first.
    case list([MessageView])
}
