/// Character references in HTML text: numeric ones and the named ones people's clients produce.
/// An unknown or malformed reference stays as written, as browsers show it.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "bull": "•", "middot": "·", "times": "×", "deg": "°", "euro": "€", "pound": "£",
    ]

    /// `text` with every reference it holds decoded.
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            // References are short; a far-away semicolon belongs to something else.
            if let semicolon = rest[afterAmpersand...].prefix(32).firstIndex(of: ";"),
               let decoded = reference(rest[afterAmpersand..<semicolon]) {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }

    /// The character `name` (what stands between `&` and `;`) refers to.
    private static func reference(_ name: Substring) -> String? {
        guard name.first == "#" else { return named[String(name)] }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value else { return nil }
        // NUL, surrogates and values past Unicode are replaced, as the HTML standard says.
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }
}
