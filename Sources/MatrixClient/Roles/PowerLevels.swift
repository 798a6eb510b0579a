import MatrixJSON

/// Who may do what in a room, from its `m.room.power_levels` and `m.room.create` events, read
/// the way the spec's authorization rules read them, so the shell can refuse before the server does.
public struct PowerLevels: Sendable, Equatable {
    /// The level of a room creator in room versions 12 and later: above every number.
    public static let creatorLevel = Int.max

    var users: [String: Int]
    var usersDefault: Int
    var invite: Int
    var kick: Int
    var ban: Int
    /// The level needed to remove another member's events.
    var redact: Int
    /// Levels for sending events of these types, over `stateDefault` for state events.
    var events: [String: Int]
    var stateDefault: Int
    /// The level for sending events of types `events` does not name (messages, mostly).
    var eventsDefault: Int
    /// Creators that outrank everyone (room versions 12 and later).
    var creators: Set<String>
    /// Levels for notifying others (`room`: the whole room, `@room`).
    var notifications: [String: Int]
    /// The event's content as the server has it (`nil` when the room has none): a change keeps
    /// every field this type does not read.
    public let content: JSONValue?
    /// The room's version, on which the creators' power depends.
    public let roomVersion: String

    /// `content` is the power levels' content (`nil` when the room has none); `create` the
    /// `m.room.create` event, or just its content when the server sent no more.
    public init(content: JSONValue?, create: JSONValue) {
        let createContent = create["content"] ?? create
        let creator = create["sender"]?.string ?? createContent["creator"]?.string
        let version = createContent["room_version"]?.string ?? "1"
        self.content = content
        roomVersion = version
        if Self.classicVersions.contains(version) {
            creators = []
        } else {
            creators = Set([creator].compactMap { $0 } + (createContent["additional_creators"]?.array ?? []).compactMap(\.string))
        }
        guard let content else {
            // Without the event the spec gives the creator 100 and everyone else 0.
            users = creator.map { [$0: 100] } ?? [:]
            usersDefault = 0
            invite = 0
            kick = 50
            ban = 50
            redact = 50
            events = [:]
            stateDefault = 0
            eventsDefault = 0
            notifications = [:]
            return
        }
        users = (content["users"]?.object ?? [:]).compactMapValues(Self.level)
        usersDefault = content["users_default"].flatMap(Self.level) ?? 0
        invite = content["invite"].flatMap(Self.level) ?? 0
        kick = content["kick"].flatMap(Self.level) ?? 50
        ban = content["ban"].flatMap(Self.level) ?? 50
        redact = content["redact"].flatMap(Self.level) ?? 50
        events = (content["events"]?.object ?? [:]).compactMapValues(Self.level)
        stateDefault = content["state_default"].flatMap(Self.level) ?? 50
        eventsDefault = content["events_default"].flatMap(Self.level) ?? 0
        notifications = (content["notifications"]?.object ?? [:]).compactMapValues(Self.level)
    }

    /// The level needed to notify others by `key` (`room`); the spec's default is 50.
    public func levelNeeded(toNotify key: String) -> Int {
        notifications[key] ?? 50
    }

    public func level(of userID: String) -> Int {
        creators.contains(userID) ? Self.creatorLevel : users[userID] ?? usersDefault
    }

    /// Why `actor` may not apply `change` to `target`, or `nil` when the rules allow it.
    public func refusal(of change: MembershipChange, by actor: String, to target: String) -> PowerRefusal? {
        let own = level(of: actor)
        let required = switch change {
        case .invite: invite
        case .kick: kick
        case .ban: ban
        // Lifting a ban is a kick of a banned member: both levels apply.
        case .unban: max(ban, kick)
        }
        if own < required { return .levelTooLow(required: required, own: own) }
        let theirs = level(of: target)
        if change != .invite, theirs >= own { return .outranked(userID: target, theirs: theirs, own: own) }
        return nil
    }

    /// The level needed to remove another member's event (one's own needs only the right to
    /// send a redaction).
    public var levelNeededToRedactOthers: Int { redact }

    /// The level needed to send a state event of `type` (such as `m.room.encryption`).
    public func levelNeeded(toSendState type: String) -> Int {
        events[type] ?? stateDefault
    }

    /// Versions before 12, where creators have only the level the event gives them.
    static let classicVersions: Set<String> = Set((1...11).map(String.init))

    /// Levels are integers; rooms before version 10 may hold them as strings.
    static func level(_ value: JSONValue) -> Int? {
        value.int ?? value.string.flatMap { Int($0.trimmingWhitespace()) }
    }
}

/// Why the power levels forbid a change of membership or of the levels themselves.
public enum PowerRefusal: Sendable, Equatable {
    case levelTooLow(required: Int, own: Int)
    /// The target's level is not below the actor's.
    case outranked(userID: String, theirs: Int, own: Int)
    /// Nobody may give a level above their own.
    case levelAboveOwn(level: Int, own: Int)
    /// A creator of a room of version 12 or later outranks every level: theirs is not in the event.
    case creatorFixed(userID: String)
}
