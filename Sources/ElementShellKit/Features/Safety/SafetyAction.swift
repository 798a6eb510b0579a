/// Safety from people the user does not want: ignoring them, blocking invites, reporting them.
public enum SafetyAction: Sendable, Equatable {
    /// Ignores a user (ID, or the name of a member of the open room); unless `confirmed` (`!`),
    /// their server must know them.
    case ignore(user: String, confirmed: Bool)
    case unignore(user: String)
    /// Everyone ignored.
    case ignored
    /// Whether the user takes invites, and those waiting; with `block`, blocks them or takes them again.
    case invites(block: Bool?)
    /// Reports a message, a room or a user to the homeserver's admins; asks first unless `confirmed`.
    case report(ReportTarget, reason: String, confirmed: Bool)
}

/// What `/report` names: a message of the open room, a room, a user.
public enum ReportTarget: Sendable, Equatable {
    case message(MessageReference)
    /// `named` is the word after `--room` when more follows; if it names no room, the open room
    /// is meant and `orReason` (all that followed `--room`) is the reason.
    case room(named: String?, orReason: String)
    case user(String)
}

// A report's reason is what the user wrote: printed, an action shows only its shape.
extension SafetyAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .ignore(let user, let confirmed): "ignore(user: \(user), confirmed: \(confirmed))"
        case .unignore(let user): "unignore(user: \(user))"
        case .ignored: "ignored"
        case .invites(let block): "invites(block: \(block.map(String.init) ?? "nil"))"
        case .report(let target, _, let confirmed): "report(\(target.shape), reason: <redacted>, confirmed: \(confirmed))"
        }
    }
}

extension SafetyAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .ignore: .ignore
        case .unignore: .unignore
        case .ignored: .ignored
        case .invites: .invites
        case .report: .report
        }
    }
}

extension ReportTarget {
    var isRoom: Bool {
        if case .room = self { true } else { false }
    }

    /// The target without what may be the user's words.
    var shape: String {
        switch self {
        case .message(let reference): "message(\(reference.text))"
        case .room: "room"
        case .user(let user): "user(\(user))"
        }
    }
}
