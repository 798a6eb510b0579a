/// What `/config` and `/set` produced.
public enum SettingsOutcome: Sendable, Equatable {
    case config(ConfigSummary)
    case changed(key: Settings.Key, value: String?)
    /// `/set developer.NAME on|off`, for this run.
    case developerFlagChanged(DeveloperOptions.Flag, isOn: Bool)
    /// `/set developer.NAME`: the flag's value in this run.
    case developerFlagValue(DeveloperOptions.Flag, isOn: Bool)
    /// `/set` or `/set KEY`: values as they are, with what each accepts.
    case values(keys: [Settings.Key], settings: Settings)

    /// Only a confirmation: said when typed, not when a script runs it.
    var isConfirmation: Bool {
        switch self {
        case .changed, .developerFlagChanged: true
        case .config, .developerFlagValue, .values: false
        }
    }
}

/// The resolved profile as `/config` shows it: branding, homeservers and settings, never secrets.
public struct ConfigSummary: Sendable, Equatable {
    public var profile: Profile
    public var homeservers: [HomeserverEntry]
    public var configFile: String?
    public var dataDirectory: String?
    public var isRunningProfile: Bool
}
