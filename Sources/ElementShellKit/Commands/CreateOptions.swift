import MatrixClient

/// Reads `/create NAME [--alias A] [--topic T] [--public] [--encrypted] [--in SPACE]` and
/// `/space create NAME [--alias A] [--topic T] [--public]`: the words before the first option are
/// the name, and each option's value runs to the next option, so neither needs quotes. Options
/// typed before the name come here after it (`LeadingOptions`), one word each.
enum CreateOptions {
    static let spaceOptions = [CommandOption("--alias", .required), CommandOption("--topic", .required), CommandOption("--public")]
    static let roomOptions = spaceOptions + [CommandOption("--encrypted"), CommandOption("--in", .required)]

    /// A room, and the space (as typed) it is made in.
    static func creation(from text: String) throws(CommandParseError) -> (creation: RoomCreation, space: String?) {
        let words = try words(of: text, allowing: roomOptions, command: CommandName.create.rawValue)
        guard words["--encrypted"]?.isEmpty ?? true, words["--in"].map({ !$0.isEmpty }) ?? true else { throw .usage(command: CommandName.create.rawValue) }
        var creation = try basics(words, command: CommandName.create.rawValue)
        creation.isEncrypted = words["--encrypted"] != nil
        return (creation, words["--in"]?.joined(separator: " "))
    }

    /// A space (`/space create …`, without the word `create`).
    static func spaceCreation(from text: String) throws(CommandParseError) -> RoomCreation {
        let command = CommandName.space.rawValue + " create"
        var creation = try basics(try words(of: text, allowing: spaceOptions, command: command), command: command)
        creation.isSpace = true
        return creation
    }

    /// The words after each option; "" holds the name's.
    private static func words(of text: String, allowing options: [CommandOption], command: String) throws(CommandParseError) -> [String: [String]] {
        var words: [String: [String]] = [:]
        var option = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if word.hasPrefix("--") {
                guard options.contains(where: { $0.name == word }), words[word] == nil else { throw .usage(command: command) }
                option = word
                words[word] = []
            } else {
                words[option, default: []].append(word)
            }
        }
        return words
    }

    private static func basics(_ words: [String: [String]], command: String) throws(CommandParseError) -> RoomCreation {
        let name = words[""] ?? [], alias = words["--alias"], topic = words["--topic"]
        guard !name.isEmpty, alias.map({ $0.count == 1 }) ?? true, topic.map({ !$0.isEmpty }) ?? true,
              words["--public"]?.isEmpty ?? true else { throw .usage(command: command) }
        return RoomCreation(name: name.joined(separator: " "), aliasLocalpart: alias?.first, topic: topic?.joined(separator: " "),
                            isPublic: words["--public"] != nil)
    }
}
