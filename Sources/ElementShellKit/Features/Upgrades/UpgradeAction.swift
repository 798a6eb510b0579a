/// Moving the open room to a room of a newer version (`/upgrade`).
public enum UpgradeAction: Sendable, Equatable {
    /// Upgrades the open room to `version`; asks first unless `confirmed` (`!`).
    case upgrade(version: String, confirmed: Bool)
}

extension UpgradeAction {
    /// The command whose result this is.
    var command: CommandName { .upgrade }
}
