/// User IDs written in a message (`@alice:example.org`, as `@` completion inserts them): they are
/// mentioned, both in `m.mentions` and as links in the formatted body.
public enum Mentions {
    /// The user IDs in `text`, each once, in order.
    static func userIDs(in text: String) -> [String] {
        var seen: Set<String> = []
        return ranges(in: text).map { String(text[$0]) }.filter { seen.insert($0).inserted }
    }

    /// Where user IDs stand in `text`. A dot ending a sentence is not part of the server name.
    static func ranges(in text: String) -> [Range<String.Index>] {
        text.ranges(of: /@[A-Za-z0-9._=\-\/+]+:[A-Za-z0-9.\-]+(?::[0-9]+)?/).map { range in
            var end = range.upperBound
            while end > range.lowerBound, text[text.index(before: end)] == "." { end = text.index(before: end) }
            return range.lowerBound..<end
        }
    }

    /// `text` HTML-escaped by `escape`, with each user ID made a mention link.
    public static func linked(_ text: String, escape: (String) -> String) -> String {
        var html = ""
        var position = text.startIndex
        for range in ranges(in: text) {
            html += escape(String(text[position..<range.lowerBound]))
            let userID = escape(String(text[range]))
            html += "<a href=\"https://matrix.to/#/\(userID)\">\(userID)</a>"
            position = range.upperBound
        }
        return html + escape(String(text[position...]))
    }
}
