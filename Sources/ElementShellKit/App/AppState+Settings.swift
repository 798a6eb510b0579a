import Foundation

extension AppState {
    func send(_ action: SettingsAction) async -> Bool {
        switch action {
        case .show(let name): showConfig(profile: name)
        case .set(let key, let value): await set(key, to: value)
        case .describe(nil): finish(.settingValues(keys: Settings.Key.allCases, settings: profile.settings))
        case .describe(let name?): describe(name)
        }
    }

    private func showConfig(profile name: String?) -> Bool {
        let shown: Profile
        if let name, name != profile.name {
            guard let other = config.profile(named: name) else {
                let suggestion = Suggestion.nearest(to: name, among: config.profiles.keys)
                return finish(.failure(.unknownProfile(name, suggestion: suggestion)))
            }
            shown = other
        } else {
            shown = profile
        }
        let names = Set([shown.defaultHomeserver] + (shown.developmentHomeserver.map { [$0] } ?? []) + shown.homeservers)
        let summary = ConfigSummary(
            profile: shown,
            homeservers: names.sorted().compactMap { config.homeservers[$0] },
            configFile: configFile,
            dataDirectory: shown.name == profile.name ? dataDirectory : nil,
            isRunningProfile: shown.name == profile.name
        )
        return finish(.config(summary))
    }

    private func describe(_ name: String) -> Bool {
        if let flag = DeveloperOptions.Flag.allCases.first(where: { $0.settingName == name }) {
            return finish(.developerFlagValue(flag, isOn: profile.developer[flag]))
        }
        do {
            return finish(.settingValues(keys: [try Settings.Key(named: name)], settings: profile.settings))
        } catch {
            return finish(.failure(.setting(error)))
        }
    }

    private func set(_ name: String, to value: String) async -> Bool {
        if name.hasPrefix("developer.") { return setDeveloperFlag(name, to: value) }
        let key: Settings.Key
        do {
            key = try Settings.Key(named: name)
            // A CA file is named like any path in a script: `~` is the home directory.
            let text = key == .caFile ? expandingHome(value) : value
            try checkUsable(key, text)
            try profile.settings.set(key, to: text)
        } catch {
            return finish(.failure(.setting(error)))
        }
        switch key {
        case .language: applyLanguage()
        case .caFile, .requestTimeout, .sync:
            authService = environment.makeAuthService(profile.settings)
            if let session { await renewServices(for: session) }
        case .logLevel: environment.useLogLevel(profile.settings.logLevel)
        case .timelineSize:
            for roomID in timelines.keys { timelines[roomID]?.resize(to: profile.settings.timelineSize) }
        case .color, .historySize, .loginTimeout, .markdown, .privateReceipts, .notify, .notifyBodies: break
        case .sendTyping: if !profile.settings.sendTyping { stopTyping() }
        case .excludeInsecureDevices: await crypto?.setExcludesInsecureDevices(profile.settings.excludeInsecureDevices)
        }
        return finish(.settingChanged(key: key, value: profile.settings.value(of: key)))
    }

    /// A developer flag for this run: the profile's default until the shell ends.
    private func setDeveloperFlag(_ name: String, to value: String) -> Bool {
        guard let flag = DeveloperOptions.Flag.allCases.first(where: { $0.settingName == name }) else {
            let suggestion = Suggestion.nearest(to: name, among: DeveloperOptions.Flag.allCases.map(\.settingName))
            return finish(.failure(.setting(.unknownKey(name, suggestion: suggestion))))
        }
        let isOn: Bool
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "on": isOn = true
        case "off": isOn = false
        default: return finish(.failure(.setting(.invalidFlagValue(flag, value: value.trimmingCharacters(in: .whitespaces)))))
        }
        profile.developer[flag] = isOn
        return finish(.developerFlagChanged(flag, isOn: isOn))
    }

    /// What the settings' own rules accept but this shell could not use: a language it does not
    /// speak, a CA file it cannot read.
    private func checkUsable(_ key: Settings.Key, _ text: String) throws(SettingError) {
        let unsets = text.isEmpty || text == "none"
        switch key {
        case .language where !unsets:
            let available = L10n.availableLanguages
            guard available.contains(String(text.lowercased().prefix(while: \.isLetter))) else {
                throw .invalidValue(key: key, value: text, expected: .oneOf(available))
            }
        case .caFile where !unsets:
            guard FileManager.default.isReadableFile(atPath: text) else {
                throw .invalidValue(key: key, value: text, expected: .readableFile)
            }
        default:
            break
        }
    }

    func applyLanguage() {
        language = LanguageResolver.language(setting: profile.settings.language, environment: environment.variables)
        environment.useLanguage(language)
    }
}
