/// The command line's options, in the order `--help` lists them.
enum LaunchOption: CaseIterable {
    case config, profile, dataDirectory, rc, noRC, command, output, passwordFile, passphraseFile, screenReader

    init?(flag: String) {
        guard let option = Self.allCases.first(where: { $0.flags.contains(flag) }) else { return nil }
        self = option
    }

    /// The long flag first.
    var flags: [String] {
        switch self {
        case .config: ["--config"]
        case .profile: ["--profile"]
        case .dataDirectory: ["--data-dir"]
        case .rc: ["--rc"]
        case .noRC: ["--no-rc"]
        case .command: ["--command", "-c"]
        case .output: ["--output"]
        case .passwordFile: ["--password-file"]
        case .passphraseFile: ["--passphrase-file"]
        case .screenReader: ["--screen-reader"]
        }
    }

    var takesValue: Bool { self != .noRC && self != .screenReader }

    /// What `--help` shows after the flag for its value.
    var valueName: String? {
        switch self {
        case .config, .rc, .passwordFile, .passphraseFile: "<file>"
        case .profile: "<profile>"
        case .dataDirectory: "<directory>"
        case .command: "<line>"
        case .output: "<text|json>"
        case .noRC, .screenReader: nil
        }
    }

    var help: String {
        switch self {
        case .config: L10n.screenCLIConfigHelp
        case .profile: L10n.screenCLIProfileHelp
        case .dataDirectory: L10n.screenCLIDataDirHelp
        case .rc: L10n.screenCLIRcHelp
        case .noRC: L10n.screenCLINoRcHelp
        case .command: L10n.screenCLICommandHelp
        case .output: L10n.screenCLIOutputHelp
        case .passwordFile: L10n.screenCLIPasswordFileHelp
        case .passphraseFile: L10n.screenCLIPassphraseFileHelp
        case .screenReader: L10n.screenCLIScreenReaderHelp
        }
    }
}
