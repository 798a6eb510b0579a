import MatrixClient

/// What the pin commands produced.
public enum PinOutcome: Sendable, Equatable {
    /// `/pins`: each pinned event, shown as a message where it could be read.
    case list(roomName: RemoteText, pins: [PinnedMessage])
    /// `/pin` or `/unpin`: the message by its number, whether it is pinned now, whether the
    /// command changed that, and how many are pinned now.
    case changed(number: Int?, eventID: String, isPinned: Bool, changed: Bool, count: Int, roomName: RemoteText)
}

/// A pinned event: its message, or only its ID (and a number, to unpin it by) when the server
/// would not give it (history the user may not see, or an event that is gone).
public enum PinnedMessage: Sendable, Equatable {
    case message(MessageView)
    case unavailable(eventID: String, number: Int)
}
