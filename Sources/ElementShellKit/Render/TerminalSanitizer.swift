/// Text from outside (servers, other users, files) may carry escape sequences that would move the
/// cursor, retitle the window or hide text. Everything shown passes through here first.
public enum TerminalSanitizer {
    /// Control characters, line and paragraph separators and bidirectional embeddings, overrides
    /// and isolates become visible `U+XXXX` marks; line breaks and tabs become spaces. The
    /// direction marks (LRM, RLM, ALM) stay: they only place neighbouring punctuation, and
    /// right-to-left text needs them.
    public static func clean(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09, 0x0D: result.unicodeScalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                result += "U+" + String(scalar.value, radix: 16, uppercase: true)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
