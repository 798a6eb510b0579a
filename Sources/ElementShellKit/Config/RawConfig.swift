/// A config file as written: every field optional (nil when the file does not set it), values already
/// checked for shape, and names that refer to other entries kept with their position so the resolver
/// can report references that point nowhere.
struct RawConfig: Equatable {
    var defaultProfile: Located<String>?
    var settings = RawSettings()
    var homeservers: [RawHomeserverEntry] = []
    var profiles: [RawProfile] = []

    enum Field: String, CaseIterable {
        case defaultProfile = "default_profile"
        case settings, homeservers, profiles
    }
}

/// The settings a file sets, each layered over whatever the level below resolved to.
struct RawSettings: Equatable {
    var values: [Settings.Key: SettingValue] = [:]

    func applied(to settings: Settings) -> Settings {
        values.values.reduce(into: settings) { $0.apply($1) }
    }
}

struct RawHomeserverEntry: Equatable {
    var name: Located<String>
    /// `.some(nil)` when the file clears it with `~`.
    var serverName: String??
    var url: String??

    enum Field: String, CaseIterable {
        case serverName = "server_name"
        case url
    }
}

struct RawProfile: Equatable {
    var name: Located<String>
    var appName: String?
    var defaultHomeserver: Located<String>?
    /// `.value == nil` when the file clears it with `~`.
    var developmentHomeserver: Located<String?>?
    var homeservers: [Located<String>]?
    var promptFormat: String?
    var accentColor: TerminalColor?
    var websiteURL: String?
    var developer = RawDeveloperOptions()
    var oidc = RawOIDCOptions()
    var settings = RawSettings()

    enum Field: String, CaseIterable {
        case appName = "app_name"
        case defaultHomeserver = "default_homeserver"
        case developmentHomeserver = "development_homeserver"
        case homeservers
        case promptFormat = "prompt_format"
        case accentColor = "accent_color"
        case websiteURL = "website_url"
        case developer, oidc, settings
    }
}

/// `.some(nil)` where the file clears a value with `~`.
struct RawOIDCOptions: Equatable {
    var clientURI: String??
    var logoURI: String??
    var termsOfServiceURI: String??
    var policyURI: String??
    var staticRegistrations: [String: String]?

    enum Field: String, CaseIterable {
        case clientURI = "client_uri"
        case logoURI = "logo_uri"
        case termsOfServiceURI = "tos_uri"
        case policyURI = "policy_uri"
        case staticRegistrations = "static_registrations"
    }

    func applied(to options: OIDCOptions) -> OIDCOptions {
        var options = options
        if let clientURI { options.clientURI = clientURI }
        if let logoURI { options.logoURI = logoURI }
        if let termsOfServiceURI { options.termsOfServiceURI = termsOfServiceURI }
        if let policyURI { options.policyURI = policyURI }
        if let staticRegistrations { options.staticRegistrations = staticRegistrations }
        return options
    }
}

/// The flags a file sets; the others keep the profile's.
struct RawDeveloperOptions: Equatable {
    typealias Field = DeveloperOptions.Flag

    var flags: [Field: Bool] = [:]

    func applied(to options: DeveloperOptions) -> DeveloperOptions {
        var options = options
        for (flag, value) in flags { options[flag] = value }
        return options
    }
}

/// A value with the place in the file it came from.
struct Located<Value: Equatable>: Equatable {
    var value: Value
    var position: SourcePosition
}

/// A 1-based line and column; 0:0 for the file as a whole.
struct SourcePosition: Equatable {
    var line: Int
    var column: Int

    static let wholeFile = SourcePosition(line: 0, column: 0)
}
