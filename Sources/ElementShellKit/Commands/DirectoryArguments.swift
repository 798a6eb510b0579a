/// Reads `/directory [SEARCH…] [--server NAME]` and `/directory --more`.
enum DirectoryArguments {
    static func action(from text: String?) throws(CommandParseError) -> DirectoryAction {
        let command = CommandName.directory.rawValue
        var tokenizer = ArgumentTokenizer(text ?? "")
        var words = try tokenizer.remainingWords(of: command)
        if words == ["--more"] { return .more }
        var server: String?
        if let index = words.firstIndex(of: "--server") {
            guard words.indices.contains(index + 1), words.count(where: { $0 == "--server" }) == 1 else { throw .usage(command: command) }
            server = words[index + 1]
            words.removeSubrange(index...index + 1)
        }
        guard !words.contains(where: { $0.hasPrefix("--") }) else { throw .usage(command: command) }
        return .browse(search: words.isEmpty ? nil : words.joined(separator: " "), server: server)
    }
}
