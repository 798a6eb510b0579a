/// A brand the shell runs as: its name, homeservers, look, developer options and settings.
public struct Profile: Sendable, Equatable {
    public var name: String
    /// The brand name shown to the user (`{app}` in the prompt).
    public var appName: String
    /// The name of the `HomeserverEntry` login offers first.
    public var defaultHomeserver: String
    /// The name of a `HomeserverEntry` for testing the brand's own server, if it has one.
    public var developmentHomeserver: String?
    /// Names of the entries this profile may log in to when `developer.showCustomHomeserver` is false;
    /// always includes the default and development homeservers.
    public var homeservers: [String]
    /// The prompt, with `PromptPlaceholder` tokens such as `{room}`.
    public var promptFormat: String
    public var accentColor: TerminalColor
    public var websiteURL: String
    public var developer: DeveloperOptions
    /// How the app presents itself to OAuth 2.0 servers at login.
    public var oidc: OIDCOptions
    /// Built-in settings, then the config file's global `settings:`, then this profile's own.
    public var settings: Settings

    public init(name: String, appName: String, defaultHomeserver: String, developmentHomeserver: String?,
                homeservers: [String], promptFormat: String, accentColor: TerminalColor, websiteURL: String,
                developer: DeveloperOptions, oidc: OIDCOptions = OIDCOptions(), settings: Settings) {
        self.name = name
        self.appName = appName
        self.defaultHomeserver = defaultHomeserver
        self.developmentHomeserver = developmentHomeserver
        self.homeservers = homeservers
        self.promptFormat = promptFormat
        self.accentColor = accentColor
        self.websiteURL = websiteURL
        self.developer = developer
        self.oidc = oidc
        self.settings = settings
    }
}
