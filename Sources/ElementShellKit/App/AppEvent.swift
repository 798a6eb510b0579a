import MatrixClient

/// What the app applies, a closed set: what the session's services report, and what the app's
/// own effects and timers bring.
public enum AppEvent: Sendable, Equatable {
    /// What a service reported.
    case client(ClientEvent)
    /// The server has the room's read receipt and marker, up to its newest message.
    case markedRead(roomID: String)
    /// The server has the room's unread mark taken off (or refused to): sync says how it stands now.
    case unreadMarkTakenOff(roomID: String)
    /// The session's first sync has gone on for `firstSyncNoticeDelay`.
    case firstSyncIsSlow
    /// The receipt waiting for the room has waited `readMarkDelay`.
    case receiptDue(roomID: String)
    /// A line `/after` scheduled is due.
    case scheduledLineDue(id: Int)
    /// The address at the end of the input line has stood still long enough to be previewed.
    case previewDue(url: String, roomID: String)
    /// The homeserver's preview of an address typed in a message came (or nothing did).
    case previewFetched(url: String, LinkPreview?)
}
