import MatrixClient

/// Reads the role commands' words: `/roles [set SETTING LEVEL]` and the levels of `/op`.
enum RoleArguments {
    /// What `/roles` does with its words.
    static func action(from arguments: [String]) throws(CommandParseError) -> RoleAction {
        guard !arguments.isEmpty else { return .show }
        guard arguments.count == 3, arguments[0].lowercased() == "set", let setting = PowerSetting(name: arguments[1]) else {
            throw .usage(command: CommandName.roles.rawValue)
        }
        return .setSetting(setting, level: try level(arguments[2], command: .roles))
    }

    /// A level by number, or by the name of Element's roles.
    static func level(_ word: String, command: CommandName) throws(CommandParseError) -> Int {
        if let named = namedLevels[word.lowercased()] { return named }
        // Canonical JSON holds integers of 53 bits at most; the server refuses larger ones.
        guard let level = Int(word), abs(level) < 1 << 53 else { throw .usage(command: command.rawValue) }
        return level
    }

    static let namedLevels = ["admin": 100, "moderator": 50, "mod": 50, "user": 0]
    /// The words completion offers after `/roles`, at the argument `index`.
    static func words(at index: Int) -> [String] {
        index == 0 ? ["set"] : PowerSetting.common.map(\.name)
    }
}
