/// Turns one line of input into an `Action`, reading only `CommandTable`.
public enum CommandParser {
    /// `nil` for a blank line. `aliasNames` only widen the "did you mean" suggestions.
    public static func parse(_ line: String, aliasNames: some Collection<String> = [String]()) throws(CommandParseError) -> Action? {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.hasPrefix("/") else { return .message(.send(text: line)) }
        if trimmed.hasPrefix("//") { return .message(.send(text: String(trimmed.dropFirst()))) }

        let (word, argumentText) = splitCommand(trimmed)
        var name = word
        let confirmed = name.hasSuffix("!")
        if confirmed { name.removeLast() }
        guard let spec = CommandTable.spec(named: name) else {
            throw .unknownCommand(name: name, suggestion: Suggestion.nearest(to: name, among: CommandTable.allNames + aliasNames))
        }
        if confirmed, !spec.isConfirmable { throw .notConfirmable(command: spec.name) }
        let arguments = try arguments(for: spec, from: try LeadingOptions.movedLast(in: argumentText, of: spec))
        return try spec.makeAction(arguments, confirmed)
    }

    /// The command word (without its slash) and the text after it.
    static func splitCommand(_ trimmed: String) -> (name: String, arguments: Substring) {
        let body = trimmed.dropFirst()
        let end = body.firstIndex(where: \.isWhitespace) ?? body.endIndex
        return (String(body[..<end]), body[end...])
    }

    private static func arguments(for spec: CommandSpec, from text: Substring) throws(CommandParseError) -> [String] {
        var tokenizer = ArgumentTokenizer(String(text))
        func nextWord() throws(CommandParseError) -> String? {
            do {
                return try tokenizer.next()
            } catch {
                throw .unterminatedQuote(command: spec.name)
            }
        }
        var arguments: [String] = []
        for parameter in spec.parameters {
            switch parameter.arity {
            case .required, .optional:
                if let word = try nextWord() {
                    arguments.append(word)
                } else if parameter.arity == .required {
                    throw .usage(command: spec.name)
                }
            case .rest, .optionalRest:
                let rest = tokenizer.remainder
                if !rest.isEmpty {
                    arguments.append(rest)
                } else if parameter.arity == .rest {
                    throw .usage(command: spec.name)
                }
                return arguments
            }
        }
        guard try nextWord() == nil else { throw .usage(command: spec.name) }
        return arguments
    }
}
