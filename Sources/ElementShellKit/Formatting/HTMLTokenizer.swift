/// Reads the HTML of a `formatted_body` into tokens. Tolerant like a browser: a `<` that starts no
/// tag is text, an unclosed tag is text, comments and doctypes vanish. It builds no tree, so
/// hostile nesting costs nothing here.
enum HTMLTokenizer {
    static func tokens(in html: String) -> [HTMLToken] {
        var tokens: [HTMLToken] = []
        var textStart = html.startIndex
        var position = html.startIndex
        func flushText(upTo end: String.Index) {
            if textStart < end { tokens.append(.text(HTMLEntities.decode(html[textStart..<end]))) }
        }
        while let open = html[position...].firstIndex(of: "<") {
            let afterOpen = html.index(after: open)
            // Not a tag: the `<` is text.
            guard let (token, end) = tag(in: html[afterOpen...]) else {
                position = afterOpen
                continue
            }
            flushText(upTo: open)
            if let token { tokens.append(token) }
            textStart = end
            position = end
        }
        flushText(upTo: html.endIndex)
        return tokens
    }

    /// The tag starting right after a `<` and where it ends; a `nil` token for a comment or
    /// doctype; `nil` when this is no tag.
    private static func tag(in text: Substring) -> (HTMLToken?, String.Index)? {
        if text.hasPrefix("!--") {
            guard let close = text.firstRange(of: "-->") else { return nil }
            return (nil, close.upperBound)
        }
        if text.hasPrefix("!") || text.hasPrefix("?") {
            guard let close = text.firstIndex(of: ">") else { return nil }
            return (nil, text.index(after: close))
        }
        let isEnd = text.hasPrefix("/")
        var rest = isEnd ? text.dropFirst() : text
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isASCII, first.isLetter else { return nil }
        rest = rest[name.endIndex...]
        var attributes: [String: String] = [:]
        var selfClosing = false
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard let next = rest.first else { return nil }
            if next == ">" {
                break
            }
            if next == "/" {
                rest = rest.dropFirst()
                selfClosing = rest.first == ">"
                continue
            }
            let attributeName = rest.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" && $0 != "=" }
            rest = rest[attributeName.endIndex...].drop { $0.isWhitespace }
            var value: Substring = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    guard let close = body.firstIndex(of: quote) else { return nil }
                    value = body[..<close]
                    rest = body[body.index(after: close)...]
                } else {
                    value = rest.prefix { !$0.isWhitespace && $0 != ">" }
                    rest = rest[value.endIndex...]
                }
            }
            // The first of a repeated attribute counts, as in browsers.
            let key = attributeName.lowercased()
            if !key.isEmpty, attributes[key] == nil { attributes[key] = HTMLEntities.decode(value) }
        }
        let end = rest.index(after: rest.startIndex)
        let lowered = name.lowercased()
        return (isEnd ? .end(name: lowered) : .start(name: lowered, attributes: attributes, selfClosing: selfClosing), end)
    }
}
