/// What the command line asks of a run. Read by hand, flag by flag: a reflecting parser cost a
/// one-shot run about 2.5 ms of its start, a twentieth of the whole.
public struct LaunchOptions: Sendable, Equatable {
    public var config: String?
    public var profile: String?
    public var dataDirectory: String?
    public var rc: String?
    public var noRC = false
    /// Lines to run in order, then exit (`-c`, repeatable).
    public var commands: [String] = []
    public var output = OutputFormat.text
    public var passwordFile: String?
    public var passphraseFile: String?
    /// Plain lines for a screen reader, whatever the profile says (`screen_reader`).
    public var screenReader = false

    public init() {}

    /// What a command line comes to: a run, or one of the questions answered without one.
    public enum Request: Sendable, Equatable {
        case run(LaunchOptions)
        case help
        case version
    }

    /// Reads the arguments after the program's name. Options take their value as the next
    /// argument or after `=` (`--output=json`, and `-cLINE` for the short one); `--help` and
    /// `--version` win wherever they stand, as the reader of a long command line expects.
    public static func parse(_ arguments: [String]) throws(LaunchOptionsError) -> Request {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        if arguments.contains("--version") { return .version }
        var options = LaunchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, attached) = split(argument)
            guard let option = LaunchOption(flag: flag) else {
                throw argument.hasPrefix("-") ? .unknownOption(flag) : .unexpectedArgument(argument)
            }
            if option.takesValue {
                guard let value = attached ?? remaining.popFirst() else { throw .missingValue(flag) }
                try options.set(option, to: value)
            } else {
                guard attached == nil else { throw .unexpectedValue(flag) }
                try options.set(option, to: "")
            }
        }
        return .run(options)
    }

    /// Whether the run is for a screen reader whatever the profile says: `--screen-reader`, or
    /// `ACCESSIBLE` set (to anything but `0`) in the environment, as a person who always uses
    /// one sets it once for every program.
    public func asksForScreenReader(environment: [String: String]) -> Bool {
        let variable = environment["ACCESSIBLE"] ?? ""
        return screenReader || (!variable.isEmpty && variable != "0")
    }

    /// `--name=value` and `-cvalue` into the flag and its value.
    private static func split(_ argument: String) -> (flag: String, value: String?) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        if argument.hasPrefix("-c"), argument.count > 2, !argument.hasPrefix("--") {
            return ("-c", String(argument.dropFirst(2)))
        }
        return (argument, nil)
    }

    /// `value` is empty for a flag that takes none.
    private mutating func set(_ option: LaunchOption, to value: String) throws(LaunchOptionsError) {
        switch option {
        case .config: config = value
        case .profile: profile = value
        case .dataDirectory: dataDirectory = value
        case .rc: rc = value
        case .command: commands.append(value)
        case .passwordFile: passwordFile = value
        case .passphraseFile: passphraseFile = value
        case .output:
            guard let format = OutputFormat(rawValue: value) else { throw .invalidOutput(value) }
            output = format
        case .noRC: noRC = true
        case .screenReader: screenReader = true
        }
    }
}

/// How results are printed: for people, or one JSON object per line.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text
    case json
}

/// A command line that cannot be run as it stands.
public enum LaunchOptionsError: Error, Sendable, Equatable {
    case unknownOption(String)
    case unexpectedArgument(String)
    case missingValue(String)
    /// A value after a flag that takes none (`--no-rc=yes`).
    case unexpectedValue(String)
    case invalidOutput(String)
}
