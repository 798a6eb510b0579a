/// What the shell knows that arguments can complete to; the app publishes a fresh one on change.
public struct CompletionContext: Sendable, Equatable {
    public var homeservers: [String] = []
    public var profiles: [String] = []
    /// The open room's members, whom an `@` in a message mentions.
    public var userIDs: [String] = []
    /// Everyone the account knows, whom user arguments name.
    public var people: [Person] = []
    /// The account's rooms by name and by canonical alias.
    public var rooms: [String] = []
    public var roomAliases: [String] = []
    /// The shell's own command aliases (`/alias`).
    public var aliases: [String] = []
    /// The profile's flags: commands and forms they turn off are not offered.
    public var developer = Profile.element.developer

    public init() {}

    /// A user argument completes to the ID, found by it or by the display name.
    public struct Person: Sendable, Equatable {
        public var userID: String
        public var displayName: String?

        public init(userID: String, displayName: String? = nil) {
            self.userID = userID
            self.displayName = displayName
        }
    }
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
        case .userID: return .candidates(people(named: word, in: context))
        case .room:
            // A command's forms are offered where its first argument goes (`/space create`).
            let forms = index == 0 ? spec.variants.filter { context.developer.offers($0.requiredFlag) && !$0.word.hasPrefix("-") }.map(\.word) : []
            let rest = restOfLine(arguments, for: spec, at: index)
            return .candidates(rooms(named: rest ?? word, replacing: word, in: context, spaced: rest != nil) + forms.filter { $0.hasPrefix(word) }.sorted())
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
        case .backupAction: pool = ["restore", "on", "off"]
        case .verificationStep: pool = ["accept", "emoji", "confirm", "mismatch", "cancel"]
        case .joinRule: pool = ["public", "invite", "knock", "restricted", "knock_restricted"]
        case .invitePermission: pool = ["block", "allow"]
        case .roleSetting: pool = RoleArguments.words(at: index)
        case .powerLevel: pool = Array(RoleArguments.namedLevels.keys)
        case .notifySetting: pool = NotifyArguments.words(after: arguments.split(whereSeparator: \.isWhitespace).prefix(index).map(String.init))
        case .text, .number: pool = []
        }
        return .candidates(Set(pool).filter { $0.hasPrefix(word) }.sorted())
    }

    /// Rooms whose name or alias starts with `typed`, case aside. A name with spaces completes only
    /// where the argument takes the rest of the line (`/open Demo Room`); each candidate is what
    /// replaces `word`, the last word of `typed`.
    private static func rooms(named typed: String, replacing word: String, in context: CompletionContext, spaced: Bool) -> [String] {
        let names = spaced ? context.rooms : context.rooms.filter { !$0.contains(where: \.isWhitespace) }
        let lowered = typed.lowercased()
        let matches = Set((names + context.roomAliases).filter { $0.lowercased().hasPrefix(lowered) })
        return matches.map { String($0.dropFirst(typed.count - word.count)) }.sorted()
    }

    /// User IDs whose ID, with or without its `@`, or display name starts with `word`, case aside.
    private static func people(named word: String, in context: CompletionContext) -> [String] {
        let lowered = word.lowercased()
        let matches = context.people.filter { person in
            let userID = person.userID.lowercased()
            return userID.hasPrefix(lowered) || userID.dropFirst().hasPrefix(lowered) || person.displayName?.lowercased().hasPrefix(lowered) == true
        }
        return Set(matches.map(\.userID)).sorted()
    }

    /// What is typed of an argument that takes the rest of the line, spaces included; nil for an
    /// argument of one word.
    private static func restOfLine(_ arguments: Substring, for spec: CommandSpec, at index: Int) -> String? {
        guard let last = spec.parameters.last, last.arity == .rest || last.arity == .optionalRest else { return nil }
        let start = spec.parameters.count - 1
        guard index >= start else { return nil }
        var rest = arguments.drop { $0.isWhitespace }
        for _ in 0..<start {
            rest = rest.drop { !$0.isWhitespace }.drop { $0.isWhitespace }
        }
        return String(rest)
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
