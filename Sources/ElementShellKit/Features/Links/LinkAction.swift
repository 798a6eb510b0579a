/// The web addresses written in the open room.
public enum LinkAction: Sendable, Equatable {
    /// The room's recent addresses, newest first, numbered.
    case list
    /// Opens the address `/links` numbered so, in the desktop's browser.
    case open(number: Int)
}

extension LinkAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .list: .links
        case .open: .link
        }
    }
}
