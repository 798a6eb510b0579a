/// Reads `/create NAME [--alias A] [--topic T] [--public] [--encrypted]`: the words before the first option
/// are the name, and each option's value runs to the next option, so neither needs quotes.
enum CreateOptions {
    private static let options: Set<String> = ["--alias", "--topic", "--public", "--encrypted"]

    static func creation(from text: String) throws(CommandParseError) -> RoomCreation {
        // The words after each option; "" holds the name's.
        var words: [String: [String]] = [:]
        var option = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if word.hasPrefix("--") {
                guard options.contains(word), words[word] == nil else { throw .usage(command: "create") }
                option = word
                words[word] = []
            } else {
                words[option, default: []].append(word)
            }
        }
        let name = words[""] ?? [], alias = words["--alias"], topic = words["--topic"]
        guard !name.isEmpty, alias.map({ $0.count == 1 }) ?? true, topic.map({ !$0.isEmpty }) ?? true,
              words["--public"]?.isEmpty ?? true, words["--encrypted"]?.isEmpty ?? true else { throw .usage(command: "create") }
        return RoomCreation(name: name.joined(separator: " "), aliasLocalpart: alias?.first, topic: topic?.joined(separator: " "),
                            isPublic: words["--public"] != nil, isEncrypted: words["--encrypted"] != nil)
    }
}
