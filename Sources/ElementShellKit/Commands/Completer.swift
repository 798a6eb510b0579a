/// What the shell knows that arguments can complete to; the app publishes a fresh one on change.
public struct CompletionContext: Sendable, Equatable {
    public var homeservers: [String] = []
    public var profiles: [String] = []
    public var userIDs: [String] = []
    public var rooms: [String] = []
    public var aliases: [String] = []
    /// The profile's flags: commands and forms they turn off are not offered.
    public var developer = Profile.element.developer

    public init() {}
}

/// Tab completion, read from `CommandTable`: command names first, then each argument by its kind.
public enum Completer {
    public enum Result: Sendable, Equatable {
        case candidates([String])
        /// The argument is a path: the line editor's own file-name completion applies.
        case files
    }

    /// `line` is the text before the cursor; the word being completed is its last word.
    public static func complete(_ line: String, context: CompletionContext) -> Result {
        let word = String(line[(line.lastIndex(where: \.isWhitespace).map(line.index(after:)) ?? line.startIndex)...])
        guard line.hasPrefix("/"), !line.hasPrefix("//") else {
            // In a message, `@` completes to the open room's members: a mention.
            guard word.hasPrefix("@") else { return .candidates([]) }
            return .candidates(context.userIDs.filter { $0.hasPrefix(word) }.sorted())
        }
        let (name, arguments) = CommandParser.splitCommand(line)
        guard !arguments.isEmpty else {
            let names = commandNames(context: context) + context.aliases
            return .candidates(names.map { "/" + $0 }.filter { $0.hasPrefix(word) }.sorted())
        }
        let index = argumentIndex(arguments)
        guard let spec = CommandTable.spec(named: name), let kind = kind(of: spec, atArgument: index) else {
            return .candidates([])
        }
        let pool: [String]
        switch kind {
        case .file: return .files
        case .command: pool = commandNames(context: context)
        case .homeserver: pool = context.homeservers
        case .userID: pool = context.userIDs
        // A command's forms are offered where its first argument goes (`/space create`).
        case .room: pool = context.rooms + (index == 0 ? spec.variants.filter { context.developer.offers($0.requiredFlag) && !$0.word.hasPrefix("-") }.map(\.word) : [])
        case .profile: pool = context.profiles
        case .settingKey: pool = Settings.Key.allCases.map(\.rawValue) + DeveloperOptions.Flag.allCases.map(\.settingName)
        case .settingValue:
            let previous = arguments.split(whereSeparator: \.isWhitespace).dropFirst(index - 1).first
            if previous?.hasPrefix("developer.") == true {
                pool = ["on", "off"]
                break
            }
            guard let key = previous.flatMap({ Settings.Key(rawValue: String($0)) }) else { return .candidates([]) }
            if key == .caFile { return .files }
            pool = values(for: key)
        case .alias: pool = context.aliases
        case .waitTarget: pool = ["sync", "sent", "message", "verification"]
        // The latest message is the usual target; numbers are read off the screen.
        case .message: pool = ["^"]
        case .roomsFilter: pool = ["--unread"]
        case .keysDirection: pool = ["export", "import"]
        case .backupAction: pool = ["restore"]
        case .verificationStep: pool = ["accept", "emoji", "confirm", "mismatch", "cancel"]
        case .joinRule: pool = ["public", "invite", "knock", "restricted"]
        case .text, .number: pool = []
        }
        return .candidates(Set(pool).filter { $0.hasPrefix(word) }.sorted())
    }

    /// The values a setting takes, where they can be listed.
    private static func values(for key: Settings.Key) -> [String] {
        let unset = key.isOptional ? ["none"] : []
        switch key.expectedValue {
        case .oneOf(let values): return values + unset
        case .languageCode: return L10n.availableLanguages + unset
        default: return []
        }
    }

    private static func commandNames(context: CompletionContext) -> [String] {
        CommandTable.all.filter { context.developer.offers($0.requiredFlag) }.map(\.name)
    }

    /// Index of the argument under the cursor: the number of words before it.
    private static func argumentIndex(_ arguments: Substring) -> Int {
        let words = arguments.split(whereSeparator: \.isWhitespace)
        let endsInSpace = arguments.last?.isWhitespace ?? false
        return endsInSpace ? words.count : max(0, words.count - 1)
    }

    private static func kind(of spec: CommandSpec, atArgument index: Int) -> ArgumentKind? {
        if index < spec.parameters.count { return spec.parameters[index].kind }
        guard let last = spec.parameters.last, last.arity == .rest || last.arity == .optionalRest else { return nil }
        return last.kind
    }
}
