import MatrixClient

extension Action {
    /// The command whose result this is: what `send` reports it as, and whose needs it checks.
    public var command: CommandName {
        switch self {
        case .message(let action): action.command
        case .relation(let action): action.command
        case .media(let action): action.command
        case .thread(let action): action.command
        case .draft(let action): action.command
        case .link(let action): action.command
        case .notification: .notify
        case .safety(let action): action.command
        case .roles(let action): action.command
        case .pin(let action): action.command
        case .upgrade(let action): action.command
        case .directory(let action): action.command
        case .poll(let action): action.command
        case .queue(let action): action.command
        case .room(let action): action.command
        case .membership(let action): action.command
        case .space(let action): action.command
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
