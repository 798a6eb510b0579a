/// Safety from people the user does not want: ignoring them.
public enum SafetyAction: Sendable, Equatable {
    /// Ignores a user (ID, or the name of a member of the open room); unless `confirmed` (`!`),
    /// their server must know them.
    case ignore(user: String, confirmed: Bool)
    case unignore(user: String)
    /// Everyone ignored.
    case ignored
}

extension SafetyAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .ignore: .ignore
        case .unignore: .unignore
        case .ignored: .ignored
        }
    }
}
