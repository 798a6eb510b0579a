extension Action {
    /// What the action needs before its handler runs: what its command declares in the table,
    /// unless its arguments ask for less or, for `/wait`, something else.
    public var needs: CommandNeeds {
        switch self {
        // A room named instead of the open one, or a search of every room.
        case .room(.leave(target: _?)), .room(.markRead(target: _?)), .room(.markUnread(target: _?)), .room(.search(_, everywhere: true)): .session
        case .room(.text(_, _, in: _?)), .room(.joinRule(_, in: _?)), .membership(.change(_, _, _, in: _?, _)): .session
        case .scripting(.waitForSync), .verification(.wait), .trust(.waitForSecrets): .session
        case .scripting(.waitForMessage): .roomForMessages
        // The account's keywords and defaults, beside the open room's level.
        case .safety(.report(.user, _, _)), .safety(.report(.room(named: _?, _), _, _)): .session
        case .notification(.keywords), .notification(.addKeyword), .notification(.removeKeyword), .notification(.defaults),
             .notification(.setDefault), .notification(.setInvites): .session
        default: CommandTable.needs(of: command)
        }
    }
}
