/// Reads `/joinrule [public|invite|knock|restricted SPACE…|knock_restricted SPACE…]`: nothing shows the rule of the open
/// room, or of `room` (`--in`, read before).
enum JoinRuleArguments {
    static func action(from text: String?, in room: String? = nil) throws(CommandParseError) -> RoomAction {
        let command = CommandName.joinrule.rawValue
        var tokenizer = ArgumentTokenizer(text ?? "")
        let words = try tokenizer.remainingWords(of: command)
        guard let rule = words.first?.lowercased() else { return .joinRule(nil, in: room) }
        let spaces = Array(words.dropFirst())
        switch (rule, spaces.isEmpty) {
        case ("public", true), ("invite", true), ("knock", true), ("restricted", false), ("knock_restricted", false): return .joinRule(JoinRuleRequest(rule: rule, spaces: spaces), in: room)
        default: throw .usage(command: command)
        }
    }
}

/// The join rule `/joinrule` sets, its spaces as typed (names, aliases, numbers or IDs).
public struct JoinRuleRequest: Sendable, Equatable {
    public var rule: String
    public var spaces: [String]
}
