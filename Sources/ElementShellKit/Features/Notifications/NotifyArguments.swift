import MatrixClient

/// Reads what follows `/notify`: a level for the open room, `keywords` and its forms, or
/// `--global` and its forms.
enum NotifyArguments {
    private static let command = CommandName.notify.rawValue

    static func action(from text: String?) throws(CommandParseError) -> NotificationAction {
        var tokenizer = ArgumentTokenizer(text ?? "")
        let words = try tokenizer.remainingWords(of: command)
        guard let first = words.first?.lowercased() else { return .show }
        let rest = Array(words.dropFirst())
        switch first {
        case "keywords": return try keywords(rest)
        case "--global": return try defaults(rest.map { $0.lowercased() })
        case "default" where rest.isEmpty: return .setLevel(nil)
        default:
            guard rest.isEmpty, let level = RoomNotificationLevel(rawValue: first) else { throw .usage(command: command) }
            return .setLevel(level)
        }
    }

    /// What completion offers after `previous`, the words typed before.
    static func words(after previous: [String]) -> [String] {
        let previous = previous.map { $0.lowercased() }
        switch (previous.first, previous.count) {
        case (nil, _): return RoomNotificationLevel.allCases.map(\.rawValue) + ["default", "keywords", "--global"]
        case ("keywords", 1): return ["add", "remove"]
        case ("--global", 1): return RoomKind.allCases.map(\.rawValue) + ["invites"]
        case ("--global", 2) where previous[1] == "invites": return ["on", "off"]
        case ("--global", 2): return [RoomNotificationLevel.allMessages, .mentionsAndKeywords].map(\.rawValue)
        default: return []
        }
    }

    /// `keywords [add|remove WORD…]`: a keyword may be several words, as typed.
    private static func keywords(_ words: [String]) throws(CommandParseError) -> NotificationAction {
        guard let verb = words.first?.lowercased() else { return .keywords }
        let keyword = words.dropFirst().joined(separator: " ")
        guard !keyword.isEmpty else { throw .usage(command: command) }
        switch verb {
        case "add": return .addKeyword(keyword)
        case "remove": return .removeKeyword(keyword)
        default: throw .usage(command: command)
        }
    }

    /// `--global [direct|group|encrypted all|mentions | invites on|off]`.
    private static func defaults(_ words: [String]) throws(CommandParseError) -> NotificationAction {
        switch words.count {
        case 0: return .defaults
        case 2 where words[0] == "invites":
            guard let notify = ["on": true, "off": false][words[1]] else { throw .usage(command: command) }
            return .setInvites(notify: notify)
        case 2:
            guard let kind = RoomKind(rawValue: words[0]), let level = RoomNotificationLevel(rawValue: words[1]), level != .mute else {
                throw .usage(command: command)
            }
            return .setDefault(kind, level)
        default:
            throw .usage(command: command)
        }
    }
}
