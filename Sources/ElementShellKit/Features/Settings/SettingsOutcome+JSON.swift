import MatrixJSON

/// `--output json` for `/config` and `/set`; the fields are in docs/json-output.md.
extension SettingsOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .config(let summary): Self.config(summary)
        case .changed(let key, let value): ["key": .string(key.rawValue), "value": Self.settingJSON(key, value)]
        case .developerFlagChanged(let flag, let isOn), .developerFlagValue(let flag, let isOn):
            ["key": .string(flag.settingName), "value": .bool(isOn)]
        case .values(let keys, let settings):
            ["settings": .object(Dictionary(uniqueKeysWithValues: keys.map { ($0.rawValue, Self.settingJSON($0, settings.value(of: $0))) }))]
        }
    }

    static func settingJSON(_ key: Settings.Key, _ value: String?) -> JSONValue {
        guard case .integer = key.expectedValue, let number = value.flatMap(Int.init) else { return value.json }
        return .integer(Int64(number))
    }

    private static func config(_ summary: ConfigSummary) -> [String: JSONValue] {
        let profile = summary.profile
        let settings = Dictionary(uniqueKeysWithValues: Settings.Key.allCases.map { ($0.rawValue, settingJSON($0, profile.settings.value(of: $0))) })
        let homeservers = summary.homeservers.map { entry -> JSONValue in
            ["name": .string(entry.name), "server_name": entry.serverName.json, "url": entry.url.json]
        }
        return [
            "profile": [
                "name": .string(profile.name),
                "app_name": .string(profile.appName),
                "default_homeserver": .string(profile.defaultHomeserver),
                "development_homeserver": profile.developmentHomeserver.json,
                "homeservers": .array(profile.homeservers.map(JSONValue.string)),
                "prompt_format": .string(profile.promptFormat),
                "accent_color": .string(profile.accentColor.configValue),
                "website_url": .string(profile.websiteURL),
                "developer": .object(Dictionary(uniqueKeysWithValues: DeveloperOptions.Flag.allCases.map { ($0.rawValue, .bool(profile.developer[$0])) })),
                "settings": .object(settings),
            ],
            "homeservers": .array(homeservers),
            "config_file": summary.configFile.json,
            "data_directory": summary.dataDirectory.json,
        ]
    }
}
