// Every built-in value lives in this file, so a fork rebrands the shell by editing it alone
// (and config.yaml.example, which a test keeps equal to it).

extension ShellConfig {
    /// What the shell runs with when there is no config file.
    public static let `default` = ShellConfig(
        defaultProfile: Profile.element.name,
        homeservers: Dictionary(uniqueKeysWithValues: [
            HomeserverEntry(name: "matrix.org", serverName: "matrix.org", url: nil),
            HomeserverEntry(name: "clap", serverName: "clap.ac", url: nil),
            HomeserverEntry(name: "clap-dev", serverName: "dev.clap.ac", url: nil),
        ].map { ($0.name, $0) }),
        profiles: Dictionary(uniqueKeysWithValues: [Profile.element, Profile.clap].map { ($0.name, $0) })
    )
}

extension Settings {
    public static let `default` = Settings(
        language: nil, color: .auto, historySize: 1000, requestTimeout: 30, caFile: nil, logLevel: .info,
        timelineSize: 500, markdown: true, privateReceipts: false, sendTyping: true,
        notify: .bell, notifyBodies: false, excludeInsecureDevices: false, shareHistoryOnInvite: true, sync: .auto
    )
}

extension Profile {
    /// A profile the config file names without defining it as built in starts as a copy of this one.
    static let template = element

    static let element = Profile(
        name: "element",
        appName: "Element",
        defaultHomeserver: "matrix.org",
        developmentHomeserver: nil,
        homeservers: ["matrix.org"],
        promptFormat: "{app} {user} {room} {typing} {unread} {status}> ",
        accentColor: .named(.green),
        websiteURL: "https://element.io",
        developer: DeveloperOptions(showCustomHomeserver: true, showQRCodeLogin: true, groupSpaceRooms: false,
                                    showDeveloperSettings: false),
        settings: .default
    )

    /// The Clap fork of Element X: its own homeservers only, spaces grouped and managed, no QR code
    /// at login, as its build flags have it.
    static let clap = Profile(
        name: "clap",
        appName: "Clap",
        defaultHomeserver: "clap",
        developmentHomeserver: "clap-dev",
        homeservers: ["clap", "clap-dev"],
        promptFormat: "[{app}] {user} {room} {typing} {unread} {status}» ",
        accentColor: .named(.magenta),
        websiteURL: "https://clap.ac",
        developer: DeveloperOptions(showCustomHomeserver: false, showQRCodeLogin: false, groupSpaceRooms: true,
                                    spaceSettingsEnabled: true, showDeveloperSettings: false),
        settings: .default
    )
}
