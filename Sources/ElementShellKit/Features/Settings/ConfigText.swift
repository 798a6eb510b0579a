/// `/config` for people: branding, homeservers, developer options, settings, and where files live.
struct ConfigText {
    let summary: ConfigSummary
    let theme: Theme
    let width: Int?

    var lines: [String] {
        let profile = summary.profile
        var rows: [(String, String)] = [
            (L10n.screenConfigAppName, profile.appName),
            (L10n.screenConfigDefaultHomeserver, homeserver(profile.defaultHomeserver)),
        ]
        if let development = profile.developmentHomeserver {
            rows.append((L10n.screenConfigDevelopmentHomeserver, homeserver(development)))
        }
        rows += [
            (L10n.screenConfigHomeservers, profile.homeservers.map(homeserver).joined(separator: ", ")),
            (L10n.screenConfigPromptFormat, "\"\(profile.promptFormat)\""),
            (L10n.screenConfigAccentColor, profile.accentColor.configValue),
            (L10n.screenConfigWebsite, profile.websiteURL),
        ]
        rows += DeveloperOptions.Flag.allCases.map { (label(of: $0), yesNo(profile.developer[$0])) }
        rows += [
            (L10n.screenConfigOidcClientUri, profile.oidc.clientURI ?? profile.websiteURL),
        ]
        rows += [(L10n.screenConfigOidcLogoUri, profile.oidc.logoURI), (L10n.screenConfigOidcTosUri, profile.oidc.termsOfServiceURI),
                 (L10n.screenConfigOidcPolicyUri, profile.oidc.policyURI)].compactMap { label, value in value.map { (label, $0) } }
        rows += profile.oidc.staticRegistrations.sorted { $0.key < $1.key }.map { (L10n.screenConfigOidcStaticRegistration($0.key), $0.value) }
        let settings = Settings.Key.allCases.map { key in
            (key.rawValue, profile.settings.value(of: key) ?? L10n.screenConfigNotSet)
        }
        var files = [(L10n.screenConfigFile, summary.configFile ?? L10n.screenConfigBuiltIn)]
        if let directory = summary.dataDirectory {
            files.append((L10n.screenConfigDataDirectory, directory))
        }
        let title = summary.isRunningProfile ? L10n.screenConfigProfileRunning(profile.name) : L10n.screenConfigProfile(profile.name)
        return [theme.accent(clean(title))] + columns(rows)
            + [theme.bold(L10n.screenConfigSettings)] + columns(settings)
            + [theme.bold(L10n.screenConfigFiles)] + columns(files)
    }

    private func homeserver(_ name: String) -> String {
        guard let entry = summary.homeservers.first(where: { $0.name == name }) else { return name }
        let address = entry.url ?? entry.serverName ?? ""
        return address.isEmpty || address == name ? name : "\(name) (\(address))"
    }

    private func label(of flag: DeveloperOptions.Flag) -> String {
        switch flag {
        case .showCustomHomeserver: L10n.screenConfigShowCustomHomeserver
        case .showQRCodeLogin: L10n.screenConfigShowQrCodeLogin
        case .groupSpaceRooms: L10n.screenConfigGroupSpaceRooms
        case .spaceSettingsEnabled: L10n.screenConfigSpaceSettingsEnabled
        case .showDeveloperSettings: L10n.screenConfigShowDeveloperSettings
        }
    }

    private func yesNo(_ value: Bool) -> String { value ? L10n.commonYes : L10n.commonNo }

    private func columns(_ rows: [(String, String)]) -> [String] {
        TextLayout.table(rows.map { [clean($0.0), clean($0.1)] }, width: width)
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
