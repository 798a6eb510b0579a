import MatrixClient

/// Everything the user can ask for, as a value. The parser produces these from lines; `AppState.send`
/// is the only place they take effect. Two levels, so each concern's cases stay together.
public enum Action: Sendable, Equatable {
    case message(MessageAction)
    case relation(RelationAction)
    case media(MediaAction)
    case thread(ThreadAction)
    case draft(DraftAction)
    case queue(QueueAction)
    case room(RoomAction)
    case membership(MembershipAction)
    case space(SpaceAction)
    case encryption(EncryptionAction)
    case trust(TrustAction)
    case verification(VerificationAction)
    case session(SessionAction)
    case settings(SettingsAction)
    case scripting(ScriptingAction)
    case app(AppAction)
    case developer(DeveloperAction)
}

public enum MessageAction: Sendable, Equatable {
    /// A plain line, or `//text` for text that starts with a slash.
    case send(text: String)
    /// `/me waves`: an action, shown as `* Alice waves`.
    case emote(text: String)
    /// `/notice`: a message bots and announcements use, which clients show quieter.
    case notice(text: String)
    /// `/plain`: sent as typed, not read as Markdown.
    case plain(text: String)
    /// `/html`: the text is the message's HTML.
    case html(text: String)
}

public enum RoomAction: Sendable, Equatable {
    /// The rooms of the session, invites first, then by latest activity.
    case list
    /// Makes a room the current one: by its number in `/rooms`, ID, alias or the start of its name.
    case open(target: String)
    /// Joins by alias, ID, matrix.to link or matrix: URI (accepting an invite too), and opens it.
    case join(target: String)
    /// Leaves the open room, or the one named like `/open` names rooms.
    case leave(target: String?)
    /// Shows `count` messages older than those shown: from the store first, then the server.
    case history(count: Int)
    /// Server-side search for `text` in the open room, or in every room.
    case search(text: String, everywhere: Bool)
    /// Who is in the open room now.
    case members
    /// Shows the open room's name or topic, or sets it to `text`; with `in`, of the room or space
    /// it names (`--in`, found as `/open` finds rooms).
    case text(RoomText, set: String?, in: String? = nil)
    /// Shows the open room's join rule, or sets it; with `in`, of the room or space it names.
    case joinRule(JoinRuleRequest?, in: String? = nil)
    /// Only the rooms with unread messages or mentions, numbered as in the full list.
    case listUnread
    /// Marks the open room read, or the one named like `/open` names rooms.
    case markRead(target: String?)
}

// Search terms and a room's new name or topic are what the user typed: printed, an action shows
// only its shape.
extension RoomAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .list: "list"
        case .open(let target): "open(target: \(target))"
        case .join(let target): "join(target: \(target))"
        case .leave(let target): "leave(target: \(target ?? "nil"))"
        case .history(let count): "history(count: \(count))"
        case .search(_, let everywhere): "search(text: <redacted>, everywhere: \(everywhere))"
        case .members: "members"
        case .text(let kind, let text, let target): "text(\(kind.rawValue), set: \(text == nil ? "nil" : "<redacted>"), in: \(target ?? "nil"))"
        case .joinRule(let request, let target): "joinRule(\(request.map { "\($0.rule) \($0.spaces)" } ?? "nil"), in: \(target ?? "nil"))"
        case .listUnread: "listUnread"
        case .markRead(let target): "markRead(target: \(target ?? "nil"))"
        }
    }
}

/// Spaces: rooms that group other rooms.
public enum SpaceAction: Sendable, Equatable {
    /// The session's spaces, numbered for `/space` and `/space-kick`.
    case list
    /// A space's rooms as its server has them (`/hierarchy`), numbered for `/join N`.
    case hierarchy(space: String)
    /// Kicks `user` from the space and from each of its rooms they are in.
    case kick(space: String, user: String, reason: String?)
    /// Creates a space and opens it.
    case create(RoomCreation)
    /// Makes `room` a child of `space` (and the space its parent where allowed).
    case add(space: String, room: String, suggested: Bool, order: String?)
    /// Takes `room` out of `space`, and the room's link back to it where allowed.
    case remove(space: String, room: String)
}

extension SpaceAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .list: "list"
        case .hierarchy(let space): "hierarchy(space: \(space))"
        case .kick(let space, let user, _): "kick(space: \(space), user: \(user), reason: <redacted>)"
        case .create(let creation): "create(alias: \(creation.aliasLocalpart ?? "nil"), name: <redacted>, topic: <redacted>, public: \(creation.isPublic))"
        case .add(let space, let room, let suggested, let order): "add(space: \(space), room: \(room), suggested: \(suggested), order: \(order ?? "nil"))"
        case .remove(let space, let room): "remove(space: \(space), room: \(room))"
        }
    }
}

public enum AppAction: Sendable, Equatable {
    case help(command: String?)
    case quit
}

// Message text is user content: printing an action (logs, test failures) shows only its shape.
extension MessageAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .send: "send(text: <redacted>)"
        case .emote: "emote(text: <redacted>)"
        case .notice: "notice(text: <redacted>)"
        case .plain: "plain(text: <redacted>)"
        case .html: "html(text: <redacted>)"
        }
    }
}
