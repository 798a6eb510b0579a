/// The configuration the shell runs with: built-in defaults with the config file layered over them.
/// Every profile's homeserver names are keys of `homeservers`, and `defaultProfile` is a key of `profiles`.
public struct ShellConfig: Sendable, Equatable {
    /// The profile used when none is chosen on the command line.
    public var defaultProfile: String
    public var homeservers: [String: HomeserverEntry]
    public var profiles: [String: Profile]

    public init(defaultProfile: String, homeservers: [String: HomeserverEntry], profiles: [String: Profile]) {
        self.defaultProfile = defaultProfile
        self.homeservers = homeservers
        self.profiles = profiles
    }

    public func profile(named name: String) -> Profile? {
        profiles[name]
    }
}
