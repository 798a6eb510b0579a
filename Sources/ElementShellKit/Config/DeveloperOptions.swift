/// Switches a profile uses to hide or show parts of the shell, as Element X's developer options
/// (and the Clap fork's build flags) do.
public struct DeveloperOptions: Sendable, Equatable {
    /// One switch, as the config file and `/set developer.NAME` spell it.
    public enum Flag: String, CaseIterable, Sendable {
        /// Whether login may name any homeserver; when false only the profile's `homeservers` are accepted.
        case showCustomHomeserver = "show_custom_homeserver"
        /// Whether a device-code login shows a QR code of its link for a phone to scan.
        case showQRCodeLogin = "show_qr_code_login"
        /// Whether the room list groups rooms under their spaces.
        case groupSpaceRooms = "group_space_rooms"
        /// Whether spaces can be created and their rooms managed (`/space create|add|remove`, `/create --in`).
        case spaceSettingsEnabled = "space_settings_enabled"
        /// Whether developer-only settings and commands are offered.
        case showDeveloperSettings = "show_developer_settings"

        /// `developer.NAME`, as `/set` takes it.
        public var settingName: String { "developer." + rawValue }
    }

    private var values: [Flag: Bool]

    public init(showCustomHomeserver: Bool, showQRCodeLogin: Bool = true, groupSpaceRooms: Bool,
                spaceSettingsEnabled: Bool = false, showDeveloperSettings: Bool) {
        values = [.showCustomHomeserver: showCustomHomeserver, .showQRCodeLogin: showQRCodeLogin, .groupSpaceRooms: groupSpaceRooms,
                  .spaceSettingsEnabled: spaceSettingsEnabled, .showDeveloperSettings: showDeveloperSettings]
    }

    /// Whether a command or form of one that needs `flag` (none: always) is offered.
    public func offers(_ flag: Flag?) -> Bool {
        flag.map { self[$0] } ?? true
    }

    public subscript(flag: Flag) -> Bool {
        get { values[flag] ?? false }
        set { values[flag] = newValue }
    }

    public var showCustomHomeserver: Bool { self[.showCustomHomeserver] }
    public var showQRCodeLogin: Bool { self[.showQRCodeLogin] }
    public var groupSpaceRooms: Bool { self[.groupSpaceRooms] }
    public var spaceSettingsEnabled: Bool { self[.spaceSettingsEnabled] }
    public var showDeveloperSettings: Bool { self[.showDeveloperSettings] }
}
