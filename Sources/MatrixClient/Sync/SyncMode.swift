/// Which sync a session uses (the `sync` setting).
public enum SyncMode: String, Sendable, CaseIterable {
    /// Sliding sync where the homeserver offers it, `/v3/sync` elsewhere.
    case auto
    /// Simplified sliding sync (MSC4186) always: the room list comes first, in about a second
    /// on any account.
    case sliding
    /// `/v3/sync` always: the server assembles every room before the first answer.
    case v3
}

/// The sync a session ends up using: `SyncMode` with `auto` decided.
public enum SyncMethod: String, Sendable, Equatable {
    case sliding
    case v3
}
