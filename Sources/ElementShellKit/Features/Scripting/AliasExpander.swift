/// `/alias` expansion: `$1` … `$9` take the arguments one by one (quoted again where they need
/// it, so `"my server"` stays one argument), `$*` all of them as typed; an expansion without
/// placeholders gets the arguments appended.
enum AliasExpander {
    static func expand(_ expansion: String, arguments: Substring) -> String {
        var tokenizer = ArgumentTokenizer(String(arguments))
        let rest = tokenizer.remainder
        let words = (try? tokenizer.all()) ?? rest.split(whereSeparator: \.isWhitespace).map(String.init)
        guard hasPlaceholder(expansion) else {
            return rest.isEmpty ? expansion : expansion + " " + rest
        }
        var result = ""
        var characters = expansion[...]
        while let dollar = characters.firstIndex(of: "$") {
            result += characters[..<dollar]
            let marker = characters[characters.index(after: dollar)...].first
            if marker == "*" {
                result += rest
            } else if let digit = marker?.wholeNumberValue, digit >= 1 {
                result += digit <= words.count ? ArgumentTokenizer.quoted(words[digit - 1]) : ""
            } else {
                result += "$"
                characters = characters[characters.index(after: dollar)...]
                continue
            }
            characters = characters[characters.index(dollar, offsetBy: 2)...]
        }
        return result + characters
    }

    /// Whether `$1` … `$9` or `$*` appear; a `$` before anything else is plain text.
    static func hasPlaceholder(_ expansion: String) -> Bool {
        zip(expansion, expansion.dropFirst()).contains { $0 == "$" && ($1 == "*" || ("1"..."9").contains($1)) }
    }

    /// Alias names are plain words, so they can never hide a path or an option.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
