/// Web addresses in text as people write them: `http://` or `https://` and what follows up to a
/// space, less what ends a sentence around it (`.`, `,`, `;`, `:`, `!`, `?`, quotes) and a closing
/// bracket that has no opening one inside the address, as in "(see https://example.org/a_(b))".
enum LinkFinder {
    static func links(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let scheme = text.range(of: "http", options: .caseInsensitive, range: searchStart..<text.endIndex) {
            searchStart = scheme.upperBound
            // Inside a word (as in "xhttp://") it is not an address.
            if scheme.lowerBound > text.startIndex, let before = text[text.index(before: scheme.lowerBound)].unicodeScalars.first,
               before.properties.isAlphabetic || ("0"..."9").contains(before) {
                continue
            }
            let rest = text[scheme.upperBound...]
            let prefix = rest.lowercased().hasPrefix("s://") ? 4 : rest.hasPrefix("://") ? 3 : 0
            guard prefix > 0 else { continue }
            let hostStart = text.index(scheme.upperBound, offsetBy: prefix)
            var end = text[hostStart...].firstIndex { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 } || "<>\"".contains($0) }
                ?? text.endIndex
            end = trimmed(text, from: hostStart, to: end)
            guard end > hostStart else { continue }
            found.append(scheme.lowerBound..<end)
            searchStart = end
        }
        return found
    }

    /// Drops what ends a sentence or an unopened bracket from the end of an address.
    private static func trimmed(_ text: String, from start: String.Index, to end: String.Index) -> String.Index {
        var end = end
        while end > start {
            let last = text[text.index(before: end)]
            let candidate = text[start..<text.index(before: end)]
            switch last {
            case ".", ",", ";", ":", "!", "?", "'", "’", "”":
                end = text.index(before: end)
            case ")", "]", "}":
                let opening: Character = last == ")" ? "(" : last == "]" ? "[" : "{"
                let opened = candidate.filter { $0 == opening }.count, closed = candidate.filter { $0 == last }.count
                guard opened <= closed else { return end }
                end = text.index(before: end)
            default:
                return end
            }
        }
        return end
    }
}
