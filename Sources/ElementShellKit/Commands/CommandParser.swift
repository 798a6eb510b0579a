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
        let arguments = try arguments(for: spec, from: argumentText)
        return try spec.makeAction(arguments, confirmed)
    }

    /// The command word (without its slash) and the text after it.
    static func splitCommand(_ trimmed: String) -> (name: String, arguments: Substring) {
        let body = trimmed.dropFirst()
        let end = body.firstIndex(where: \.isWhitespace) ?? body.endIndex
        return (String(body[..<end]), body[end...])
    }

    private static func arguments(for spec: CommandSpec, from text: Substring) throws(CommandParseError) -> [String] {
        let source = String(text)
        let tokens: [ArgumentTokenizer.Token]
        do {
            tokens = try ArgumentTokenizer.tokens(in: source)
        } catch {
            throw .unterminatedQuote(command: spec.name)
        }
        var arguments: [String] = []
        var next = 0
        for parameter in spec.parameters {
            switch parameter.arity {
            case .required, .optional:
                if next < tokens.count {
                    arguments.append(tokens[next].value)
                    next += 1
                } else if parameter.arity == .required {
                    throw .usage(command: spec.name)
                }
            case .rest, .optionalRest:
                if next < tokens.count {
                    arguments.append(String(source[tokens[next].start...]).trimmingWhitespace())
                    next = tokens.count
                } else if parameter.arity == .rest {
                    throw .usage(command: spec.name)
                }
            }
        }
        guard next == tokens.count else { throw .usage(command: spec.name) }
        return arguments
    }
}
