import MatrixClient

/// What `/notify` produced.
public enum NotificationOutcome: Sendable, Equatable {
    /// The room's level; `isOwn` when set for it, not its kind's default.
    case level(roomName: RemoteText, roomID: String, level: RoomNotificationLevel, isOwn: Bool, kind: RoomKind)
    /// Keywords are the user's words, shown as the remote text they are once they went to the server.
    case keywords([RemoteText])
    case defaults(NotificationDefaults)
}

/// The account's levels for rooms without one of their own, and whether invites notify.
public struct NotificationDefaults: Sendable, Equatable {
    public var levels: [RoomKind: RoomNotificationLevel]
    public var invitesNotify: Bool

    init(_ rules: PushRuleSet) {
        levels = Dictionary(uniqueKeysWithValues: RoomKind.allCases.map { ($0, rules.defaultLevel(of: $0)) })
        invitesNotify = rules.invitesNotify
    }
}
