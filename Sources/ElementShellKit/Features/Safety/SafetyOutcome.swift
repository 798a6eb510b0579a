/// What the safety commands produced.
public enum SafetyOutcome: Sendable, Equatable {
    /// Everyone ignored now, sorted; `changed` is who `/ignore` or `/unignore` just changed.
    case ignored([String], changed: IgnoreChange?)
    /// Whether invites are blocked (`changed` when the command set it), and those waiting,
    /// numbered as `/rooms` numbers them.
    case invites(blocked: Bool, changed: Bool, pending: [NumberedRoom])
}

/// Whom `/ignore` or `/unignore` changed, and how they now stand.
public struct IgnoreChange: Sendable, Equatable {
    public var userID: String
    public var isIgnored: Bool
}
