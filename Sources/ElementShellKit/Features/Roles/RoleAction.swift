import MatrixClient

/// Who may do what in the open room: its members' power levels and the levels its actions need.
public enum RoleAction: Sendable, Equatable {
    /// Who holds which level, and what needs which (`/roles`).
    case show
    /// Gives `user` (a Matrix ID or a member's name) `level` (`/op`); `nil` takes their own level
    /// away, back to the room's default (`/deop`). Lowering one's own level needs `confirmed` (`!`):
    /// nobody can give it back but someone above.
    case setUser(String, level: Int?, confirmed: Bool)
    /// Sets the level a setting needs (`/roles set`).
    case setSetting(PowerSetting, level: Int)
}

extension RoleAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .show, .setSetting: .roles
        case .setUser(_, let level, _): level == nil ? .deop : .op
        }
    }
}
