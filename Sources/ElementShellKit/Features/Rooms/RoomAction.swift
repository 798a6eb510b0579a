import MatrixClient

public enum RoomAction: Sendable, Equatable {
    /// The rooms of the session, invites first, then by latest activity.
    case list
    /// Makes a room the current one: by its number in `/rooms`, ID, alias or the start of its name.
    case open(target: String)
    /// Joins by alias, ID, matrix.to link or matrix: URI (accepting an invite too), and opens it.
    case join(target: String)
    /// Leaves the open room, or the one named like `/open` names rooms.
    case leave(target: String?)
    /// Forgets a room left: gone from the list and the store.
    case forget(target: String)
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
    /// Marks the open room unread (`m.marked_unread`), or the one named; opening it clears that.
    case markUnread(target: String?)
    /// The rooms with news (unread messages, mentions, invites), those that matter most first.
    case news
    /// The open room's (or thread's) newest `count` messages again, as they were shown.
    case last(count: Int)
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
        case .forget(let target): "forget(target: \(target))"
        case .history(let count): "history(count: \(count))"
        case .search(_, let everywhere): "search(text: <redacted>, everywhere: \(everywhere))"
        case .members: "members"
        case .text(let kind, let text, let target): "text(\(kind.rawValue), set: \(text == nil ? "nil" : "<redacted>"), in: \(target ?? "nil"))"
        case .joinRule(let request, let target): "joinRule(\(request.map { "\($0.rule) \($0.spaces)" } ?? "nil"), in: \(target ?? "nil"))"
        case .listUnread: "listUnread"
        case .markRead(let target): "markRead(target: \(target ?? "nil"))"
        case .markUnread(let target): "markUnread(target: \(target ?? "nil"))"
        case .news: "news"
        case .last(let count): "last(count: \(count))"
        }
    }
}

extension RoomAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .list, .listUnread: .rooms
        case .open: .open
        case .join: .join
        case .leave: .leave
        case .forget: .forget
        case .history: .history
        case .search: .search
        case .members: .members
        case .text(.topic, _, _): .topic
        case .text(.name, _, _): .name
        case .joinRule: .joinrule
        case .markRead: .read
        case .markUnread: .unreadMark
        case .news: .unread
        case .last: .last
        }
    }
}
