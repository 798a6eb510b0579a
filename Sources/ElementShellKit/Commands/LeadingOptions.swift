/// The one rule for where options go: anywhere before or after a command's positional arguments.
/// Each command reads its options after its arguments, so the options typed first (`/login --sso
/// HS`, `/create --encrypted Room`) are moved there, by the command's declared `CommandOption`s.
/// Commands that declare none (free text: `/me`, `/reply ~2 --foo`) are left exactly as typed.
enum LeadingOptions {
    /// The argument text with its leading options moved after the rest; a form led by its own
    /// word (`/space create --public Guild`) keeps that word first and moves its own options.
    static func movedLast(in text: Substring, of spec: CommandSpec) throws(CommandParseError) -> Substring {
        var tokenizer = ArgumentTokenizer(String(text))
        func next() throws(CommandParseError) -> String? {
            do { return try tokenizer.next() } catch { throw .unterminatedQuote(command: spec.name) }
        }
        var form: String?, options = spec.options, command = spec.name
        let start = tokenizer
        // A name may hold an apostrophe: a first word that does not read is no form's.
        if let word = (try? tokenizer.next()) ?? nil, let variant = spec.variants.first(where: { $0.word == word && !$0.options.isEmpty }) {
            form = word
            options = variant.options
            command += " " + word
        } else {
            tokenizer = start
        }
        guard !options.isEmpty else { return text }
        var moved: [String] = []
        // Only words that start with "--" are read here, so the arguments after them stay as typed.
        while tokenizer.remainder.hasPrefix("--"), let word = try next() {
            guard let option = options.first(where: { $0.name == word }) else { throw .unknownOption(command: command, option: word) }
            moved.append(word)
            if option.value == .required {
                guard let value = try next() else { throw .usage(command: command) }
                moved.append(value)
            }
        }
        guard !moved.isEmpty else { return text }
        return Substring(([form, tokenizer.remainder].compactMap { $0 } + moved).filter { !$0.isEmpty }.joined(separator: " "))
    }
}
