/// The profile's settings: `/config` and `/set`.
public enum SettingsAction: Sendable, Equatable {
    /// The resolved settings of the running profile, or of another one by name.
    case show(profile: String?)
    case set(key: String, value: String)
    /// The current value of one setting, or of all of them, with what each accepts.
    case describe(key: String?)
}

extension SettingsAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .show: .config
        case .set, .describe: .set
        }
    }
}
