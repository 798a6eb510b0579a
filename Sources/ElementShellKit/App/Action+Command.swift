import MatrixClient

extension Action {
    /// The command whose result this is: what `send` reports it as, and whose needs it checks.
    public var command: CommandName {
        switch self {
        case .message: .message
        case .relation(let action): action.command
        case .media(let action): action.command
        case .thread(let action): action.command
        case .draft(let action): action.command
        case .queue(let action): action.command
        case .room(.list), .room(.listUnread): .rooms
        case .room(.open): .open
        case .room(.join): .join
        case .room(.leave): .leave
        case .room(.history): .history
        case .room(.search): .search
        case .room(.members): .members
        case .room(.text(.topic, _, _)): .topic
        case .room(.text(.name, _, _)): .name
        case .room(.joinRule): .joinrule
        case .room(.markRead): .read
        case .membership(let action): action.command
        case .space(.list): .spaces
        case .space(.hierarchy): .space
        case .space(.kick): .spaceKick
        case .space(.create), .space(.add), .space(.remove): .space
        case .encryption(let action): action.command
        case .trust(let action): action.command
        case .verification(let action): action.command
        case .session(let action): action.command
        case .settings(let action): action.command
        case .scripting(let action): action.command
        case .app(.help): .help
        case .app(.quit): .quit
        case .developer(let action): action.command
        }
    }
}
