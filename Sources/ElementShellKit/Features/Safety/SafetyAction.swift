/// Safety from people the user does not want: ignoring them, blocking invites.
public enum SafetyAction: Sendable, Equatable {
    /// Ignores a user (ID, or the name of a member of the open room); unless `confirmed` (`!`),
    /// their server must know them.
    case ignore(user: String, confirmed: Bool)
    case unignore(user: String)
    /// Everyone ignored.
    case ignored
    /// Whether the user takes invites, and those waiting; with `block`, blocks them or takes them again.
    case invites(block: Bool?)
}

extension SafetyAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .ignore: .ignore
        case .unignore: .unignore
        case .ignored: .ignored
        case .invites: .invites
        }
    }
}
