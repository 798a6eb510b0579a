/// Reads a command's arguments one word at a time, shell-style: whitespace separates, `"…"` and
/// `'…'` group, backslash escapes outside single quotes. Word by word, so a command whose last
/// argument is the rest of the line takes that text as typed, apostrophes and all.
struct ArgumentTokenizer {
    struct UnterminatedQuote: Error {}

    let text: String
    private(set) var position: String.Index

    init(_ text: String) {
        self.text = text
        position = text.startIndex
    }

    /// What is left after the words read so far, without leading or trailing white space.
    var remainder: String {
        text[position...].trimmingWhitespace()
    }

    /// The next word, or `nil` at the end.
    mutating func next() throws(UnterminatedQuote) -> String? {
        while position < text.endIndex, text[position].isWhitespace {
            position = text.index(after: position)
        }
        guard position < text.endIndex else { return nil }
        var value = ""
        var quote: Character?
        while position < text.endIndex {
            let character = text[position]
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"", let escaped = self.character(after: position) {
                    position = text.index(after: position)
                    value.append(escaped)
                } else {
                    value.append(character)
                }
            } else if character.isWhitespace {
                break
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "\\", let escaped = self.character(after: position) {
                position = text.index(after: position)
                value.append(escaped)
            } else {
                value.append(character)
            }
            position = text.index(after: position)
        }
        guard quote == nil else { throw UnterminatedQuote() }
        return value
    }

    /// Every remaining word.
    mutating func all() throws(UnterminatedQuote) -> [String] {
        var words: [String] = []
        while let word = try next() { words.append(word) }
        return words
    }

    private func character(after index: String.Index) -> Character? {
        let next = text.index(after: index)
        return next < text.endIndex ? text[next] : nil
    }

    /// Quotes a word so that reading it back gives the same word.
    static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0.isWhitespace || "\"'\\".contains($0) }) else { return word }
        return "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        reduce(into: "") { result, character in
            if character == target { result += replacement } else { result.append(character) }
        }
    }
}

extension ArgumentTokenizer {
    /// Every word left, for a command that reads its arguments itself; an open quote is its
    /// parse error.
    mutating func remainingWords(of command: String) throws(CommandParseError) -> [String] {
        var words: [String] = []
        do {
            while let word = try next() { words.append(word) }
        } catch {
            throw .unterminatedQuote(command: command)
        }
        return words
    }
}
