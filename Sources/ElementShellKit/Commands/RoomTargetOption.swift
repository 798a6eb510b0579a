/// Reads `--in ROOM` at the start of a command that otherwise acts on the open room (`/topic`,
/// `/name`, `/joinrule`): the room or space named instead (one word, or quoted), and the rest of
/// the line as typed. Only a first word `--in` is the option, so a topic may say anything else.
enum RoomTargetOption {
    static let word = "--in"

    static func split(_ text: String?, command: CommandName) throws(CommandParseError) -> (room: String?, rest: String?) {
        guard let text, text.split(maxSplits: 1, whereSeparator: \.isWhitespace).first == word[...] else { return (nil, text) }
        var tokenizer = ArgumentTokenizer(text)
        let room: String?
        do {
            _ = try tokenizer.next()
            room = try tokenizer.next()
        } catch {
            throw .unterminatedQuote(command: command.rawValue)
        }
        guard let room, !room.isEmpty else { throw .usage(command: command.rawValue) }
        let rest = tokenizer.remainder
        return (room, rest.isEmpty ? nil : rest)
    }
}
