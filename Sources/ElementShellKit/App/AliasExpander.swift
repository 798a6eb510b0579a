/// `/alias` expansion: `$1` … `$9` take the arguments one by one, `$*` all of them as typed; an
/// expansion with no placeholders gets the arguments appended.
enum AliasExpander {
    static func expand(_ expansion: String, arguments: Substring) -> String {
        let rest = arguments.trimmingWhitespace()
        let words = (try? ArgumentTokenizer.tokens(in: rest).map(\.value)) ?? rest.split(separator: " ").map(String.init)
        guard expansion.contains("$") else {
            return rest.isEmpty ? expansion : expansion + " " + rest
        }
        var result = ""
        var characters = expansion[...]
        while let dollar = characters.firstIndex(of: "$") {
            result += characters[..<dollar]
            let next = characters.index(after: dollar)
            guard next < characters.endIndex else {
                result += "$"
                characters = characters[next...]
                break
            }
            let marker = characters[next]
            if marker == "*" {
                result += rest
            } else if let digit = marker.wholeNumberValue, digit >= 1 {
                result += digit <= words.count ? words[digit - 1] : ""
            } else {
                result += "$"
                characters = characters[next...]
                continue
            }
            characters = characters[characters.index(after: next)...]
        }
        return result + characters
    }

    /// Alias names are plain words, so they can never hide a path or an option.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
