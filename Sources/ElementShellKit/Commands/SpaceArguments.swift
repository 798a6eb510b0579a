import MatrixClient

/// Reads what follows `/space`: a space to list, or a management form led by its word
/// (`create`, `add`, `remove`). A space called "create" is listed by its number or alias.
enum SpaceArguments {
    private static let command = CommandName.space.rawValue
    /// How a usage error names each form, so it shows that form's usage.
    private static let add = command + " add", remove = command + " remove"

    static func action(from text: String) throws(CommandParseError) -> SpaceAction {
        var tokenizer = ArgumentTokenizer(text)
        // A space's name may hold an apostrophe: a first word that is no form's is the name.
        switch (try? tokenizer.next()) ?? nil {
        case "create":
            return .create(try CreateOptions.spaceCreation(from: tokenizer.remainder))
        case "add":
            return try adding(try tokenizer.remainingWords(of: command))
        case "remove":
            let words = try tokenizer.remainingWords(of: command)
            guard words.count == 2 else { throw .usage(command: remove) }
            return .remove(space: words[0], room: words[1])
        default:
            return .hierarchy(space: text)
        }
    }

    /// `SPACE ROOM [--suggested] [--order KEY]`.
    private static func adding(_ words: [String]) throws(CommandParseError) -> SpaceAction {
        var positional: [String] = [], suggested = false, order: String?
        var remaining = words[...]
        while let word = remaining.popFirst() {
            switch word {
            case "--suggested" where !suggested:
                suggested = true
            case "--order" where order == nil:
                guard let key = remaining.popFirst(), SpaceLink.isValidOrder(key) else { throw .usage(command: add) }
                order = key
            case let word where !word.hasPrefix("--"):
                positional.append(word)
            default:
                throw .usage(command: add)
            }
        }
        guard positional.count == 2 else { throw .usage(command: add) }
        return .add(space: positional[0], room: positional[1], suggested: suggested, order: order)
    }
}
