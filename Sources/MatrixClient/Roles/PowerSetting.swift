import MatrixJSON

/// What a power level decides in a room besides members' own levels: what `/roles set` names.
public enum PowerSetting: Sendable, Hashable {
    case invite, kick, ban
    /// Removing others' events.
    case redact
    /// Sending events of the types `events` does not name: messages, mostly (`events_default`).
    case messages
    /// Sending state events of the types `events` does not name (`state_default`).
    case state
    /// The level of members the event does not name (`users_default`).
    case membersDefault
    /// Notifying the whole room with `@room` (`notifications.room`).
    case notifyRoom
    /// Sending events of this type (`events`).
    case event(String)

    /// The settings every room has, in the order `/roles` lists them.
    public static let common: [PowerSetting] = [.messages, .invite, .kick, .ban, .redact, .notifyRoom, .state, .membersDefault]

    /// The setting `/roles set` names: one of `common`'s names, or an event type (`m.room.name`).
    public init?(name: String) {
        if let setting = Self.common.first(where: { $0.name == name }) {
            self = setting
        } else if name.contains("."), !name.hasPrefix("."), !name.hasSuffix("."), !name.contains(where: \.isWhitespace) {
            self = .event(name)
        } else {
            return nil
        }
    }

    public var name: String {
        switch self {
        case .invite: "invite"
        case .kick: "kick"
        case .ban: "ban"
        case .redact: "redact"
        case .messages: "messages"
        case .state: "state"
        case .membersDefault: "default"
        case .notifyRoom: "notify"
        case .event(let type): type
        }
    }

    /// Where the setting's level is in the event's content: a top-level key, or one in an object.
    var path: (object: String?, key: String) {
        switch self {
        case .invite, .kick, .ban, .redact: (nil, name)
        case .messages: (nil, "events_default")
        case .state: (nil, "state_default")
        case .membersDefault: (nil, "users_default")
        case .notifyRoom: ("notifications", "room")
        case .event(let type): ("events", type)
        }
    }
}
