/// Splits a command's argument text into words, shell-style: whitespace separates, `"…"` and `'…'`
/// group, backslash escapes outside single quotes. Each word keeps where it began, so a rest
/// argument can take the remaining text exactly as typed.
struct ArgumentTokenizer {
    struct Token: Equatable {
        let value: String
        let start: String.Index
    }

    struct UnterminatedQuote: Error {}

    static func tokens(in text: String) throws(UnterminatedQuote) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard !text[index].isWhitespace else {
                index = text.index(after: index)
                continue
            }
            let start = index
            var value = ""
            var quote: Character?
            while index < text.endIndex {
                let character = text[index]
                if let open = quote {
                    if character == open {
                        quote = nil
                    } else if character == "\\", open == "\"", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex), next < text.endIndex {
                        index = next
                        value.append(text[index])
                    } else {
                        value.append(character)
                    }
                } else if character.isWhitespace {
                    break
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    value.append(text[index])
                } else {
                    value.append(character)
                }
                index = text.index(after: index)
            }
            guard quote == nil else { throw UnterminatedQuote() }
            tokens.append(Token(value: value, start: start))
        }
        return tokens
    }
}
