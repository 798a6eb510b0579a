/// Why `/set` (or a config file's `settings:`) refused a setting.
public enum SettingError: Error, Sendable, Equatable {
    /// No setting has this name; `suggestion` is the nearest one that does.
    case unknownKey(String, suggestion: String?)
    case invalidValue(key: Settings.Key, value: String, expected: ExpectedValue)
    /// `/set developer.NAME` takes `on` or `off` only.
    case invalidFlagValue(DeveloperOptions.Flag, value: String)
}
