/// Layers a `RawConfig` over a base configuration. Names that refer to missing entries are reported and
/// the base's value is kept, so every profile in the result refers only to homeservers that exist.
struct ConfigResolver {
    private(set) var log: DiagnosticLog
    private var config: ShellConfig
    /// Entries the file defines without an address: left out, and references to them are not reported again.
    private var unusableHomeservers: Set<String> = []

    init(base: ShellConfig, log: DiagnosticLog) {
        self.config = base
        self.log = log
    }

    mutating func resolve(_ raw: RawConfig) -> ShellConfig {
        raw.homeservers.forEach { merge($0) }
        config.profiles = config.profiles.mapValues { profile in
            var profile = profile
            profile.settings = raw.settings.applied(to: profile.settings)
            return profile
        }
        for rawProfile in raw.profiles {
            let name = rawProfile.name.value
            var profile = config.profiles[name] ?? newProfile(named: name, globalSettings: raw.settings)
            merge(rawProfile, into: &profile)
            config.profiles[name] = profile
        }
        if let defaultProfile = raw.defaultProfile {
            if config.profiles[defaultProfile.value] != nil {
                config.defaultProfile = defaultProfile.value
            } else {
                log.report(.unknownProfile(defaultProfile.value), at: defaultProfile.position)
            }
        }
        return config
    }

    private mutating func merge(_ raw: RawHomeserverEntry) {
        let name = raw.name.value
        var entry = config.homeservers[name] ?? HomeserverEntry(name: name, serverName: nil, url: nil)
        if let serverName = raw.serverName { entry.serverName = serverName }
        if let url = raw.url { entry.url = url }
        guard entry.serverName != nil || entry.url != nil else {
            log.report(.homeserverWithoutAddress(name), at: raw.name.position)
            if config.homeservers[name] == nil { unusableHomeservers.insert(name) }
            return
        }
        config.homeservers[name] = entry
    }

    private func newProfile(named name: String, globalSettings: RawSettings) -> Profile {
        var profile = Profile.template
        profile.name = name
        profile.settings = globalSettings.applied(to: profile.settings)
        return profile
    }

    private mutating func merge(_ raw: RawProfile, into profile: inout Profile) {
        let inheritedExtras = profile.homeservers.filter {
            $0 != profile.defaultHomeserver && $0 != profile.developmentHomeserver
        }
        if let name = raw.defaultHomeserver, homeserverExists(name.value, at: name.position) {
            profile.defaultHomeserver = name.value
        }
        // A `~` clears the development homeserver; a name must exist.
        if let name = raw.developmentHomeserver, name.value.map({ homeserverExists($0, at: name.position) }) ?? true {
            profile.developmentHomeserver = name.value
        }
        let extras = raw.homeservers.map { names in
            names.filter { homeserverExists($0.value, at: $0.position) }.map(\.value)
        } ?? inheritedExtras
        profile.homeservers = ([profile.defaultHomeserver, profile.developmentHomeserver].compactMap { $0 } + extras)
            .removingDuplicates()
        profile.appName = raw.appName ?? profile.appName
        profile.promptFormat = raw.promptFormat ?? profile.promptFormat
        profile.accentColor = raw.accentColor ?? profile.accentColor
        profile.websiteURL = raw.websiteURL ?? profile.websiteURL
        profile.developer = raw.developer.applied(to: profile.developer)
        profile.oidc = raw.oidc.applied(to: profile.oidc)
        profile.settings = raw.settings.applied(to: profile.settings)
    }

    /// Whether a referenced entry exists, reporting it when it does not.
    private mutating func homeserverExists(_ name: String, at position: SourcePosition) -> Bool {
        if config.homeservers[name] != nil { return true }
        if !unusableHomeservers.contains(name) {
            log.report(.unknownHomeserver(name), at: position)
        }
        return false
    }
}

private extension Array where Element: Hashable {
    func removingDuplicates() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
