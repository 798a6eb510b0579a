import MatrixClient

/// What `/notify` asks: the open room's level, the account's keywords and its defaults, each
/// kept as push rules on the server.
public enum NotificationAction: Sendable, Equatable {
    /// The open room's level.
    case show
    /// Sets the open room's level; `nil` removes it, and the room follows its kind's default.
    case setLevel(RoomNotificationLevel?)
    case keywords
    case addKeyword(String)
    case removeKeyword(String)
    /// The account's levels for each kind of room, and whether invites notify.
    case defaults
    case setDefault(RoomKind, RoomNotificationLevel)
    case setInvites(notify: Bool)
}
