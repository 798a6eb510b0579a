/// Switches a profile uses to hide or show parts of the shell, as Element X's developer options do.
public struct DeveloperOptions: Sendable, Equatable {
    /// Whether login may name any homeserver; when false only the profile's `homeservers` are accepted.
    public var showCustomHomeserver: Bool
    /// Whether the room list groups rooms under their spaces.
    public var groupSpaceRooms: Bool
    /// Whether developer-only settings and commands are offered.
    public var showDeveloperSettings: Bool

    public init(showCustomHomeserver: Bool, groupSpaceRooms: Bool, showDeveloperSettings: Bool) {
        self.showCustomHomeserver = showCustomHomeserver
        self.groupSpaceRooms = groupSpaceRooms
        self.showDeveloperSettings = showDeveloperSettings
    }
}
