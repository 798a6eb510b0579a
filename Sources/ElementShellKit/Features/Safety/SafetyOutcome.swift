import MatrixClient

/// What the safety commands produced.
public enum SafetyOutcome: Sendable, Equatable {
    /// Everyone ignored now, sorted; `changed` is who `/ignore` or `/unignore` just changed.
    case ignored([String], changed: IgnoreChange?)
    /// Whether invites are blocked (`changed` when the command set it), and those waiting,
    /// numbered as `/rooms` numbers them.
    case invites(blocked: Bool, changed: Bool, pending: [NumberedRoom])
    /// `/report`: the homeserver took the report.
    case reported(ReportedItem)
}

/// What was reported, as the user knows it: a message by its number and sender, a room or a user.
public enum ReportedItem: Sendable, Equatable {
    case message(reference: String, senderName: RemoteText, eventID: String, roomID: String)
    case room(name: RemoteText, roomID: String)
    case user(userID: String)
}

/// Whom `/ignore` or `/unignore` changed, and how they now stand.
public struct IgnoreChange: Sendable, Equatable {
    public var userID: String
    public var isIgnored: Bool
}
