import Foundation

extension AppState {
    func send(_ action: SettingsAction) async -> Bool {
        switch action {
        case .show(let name): showConfig(profile: name)
        case .set(let key, let value): await set(key, to: value)
        case .describe(nil): finish(.settings(.values(keys: Settings.Key.allCases, settings: state.profile.settings)))
        case .describe(let name?): describe(name)
        }
    }

    private func showConfig(profile name: String?) -> Bool {
        let shown: Profile
        if let name, name != state.profile.name {
            guard let other = config.profile(named: name) else {
                let suggestion = Suggestion.nearest(to: name, among: config.profiles.keys)
                return finish(.failure(.unknownProfile(name, suggestion: suggestion)))
            }
            shown = other
        } else {
            shown = state.profile
        }
        let names = Set([shown.defaultHomeserver] + (shown.developmentHomeserver.map { [$0] } ?? []) + shown.homeservers)
        let summary = ConfigSummary(
            profile: shown,
            homeservers: names.sorted().compactMap { config.homeservers[$0] },
            configFile: configFile,
            dataDirectory: shown.name == state.profile.name ? dataDirectory : nil,
            isRunningProfile: shown.name == state.profile.name
        )
        return finish(.settings(.config(summary)))
    }

    private func describe(_ name: String) -> Bool {
        if let flag = DeveloperOptions.Flag.allCases.first(where: { $0.settingName == name }) {
            return finish(.settings(.developerFlagValue(flag, isOn: state.profile.developer[flag])))
        }
        do {
            return finish(.settings(.values(keys: [try Settings.Key(named: name)], settings: state.profile.settings)))
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
            var settings = state.profile.settings
            try settings.set(key, to: text)
            commit { $0.profile.settings = settings }
        } catch {
            return finish(.failure(.setting(error)))
        }
        switch key {
        case .language: applyLanguage()
        case .caFile, .requestTimeout, .sync:
            let authService = environment.makeAuthService(state.profile.settings)
            commit { $0.authService = authService }
            if let session = state.session { await renewServices(for: session) }
        case .logLevel: environment.useLogLevel(state.profile.settings.logLevel)
        case .timelineSize:
            commit { state in
                let size = state.profile.settings.timelineSize
                for roomID in state.timelines.keys { state.timelines[roomID]?.resize(to: size) }
            }
        case .color, .historySize, .loginTimeout, .markdown, .privateReceipts, .notify, .notifyBodies, .images, .imageSize, .hyperlinks, .linkPreviews, .screenReader, .messageTimes,
             .shareHistoryOnInvite: break
        case .sendTyping: if !state.profile.settings.sendTyping { stopTyping() }
        case .excludeInsecureDevices: await state.crypto?.setExcludesInsecureDevices(state.profile.settings.excludeInsecureDevices)
        }
        return finish(.settings(.changed(key: key, value: state.profile.settings.value(of: key))))
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
        commit { $0.profile.developer[flag] = isOn }
        return finish(.settings(.developerFlagChanged(flag, isOn: isOn)))
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
        commit { $0.language = LanguageResolver.language(setting: $0.profile.settings.language, environment: environment.variables) }
        environment.useLanguage(state.language)
    }
}
