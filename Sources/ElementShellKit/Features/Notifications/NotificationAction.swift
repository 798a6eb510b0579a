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

// A keyword is the user's own word (a name, a project): printed, an action shows only its shape.
extension NotificationAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .show: "show"
        case .setLevel(let level): "setLevel(\(level?.rawValue ?? "default"))"
        case .keywords: "keywords"
        case .addKeyword: "addKeyword(<redacted>)"
        case .removeKeyword: "removeKeyword(<redacted>)"
        case .defaults: "defaults"
        case .setDefault(let kind, let level): "setDefault(\(kind.rawValue), \(level.rawValue))"
        case .setInvites(let notify): "setInvites(notify: \(notify))"
        }
    }
}
