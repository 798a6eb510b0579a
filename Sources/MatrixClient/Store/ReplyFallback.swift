/// Older clients put the parent of a reply into its body as quoted lines (`> <@alice:hs> hi`)
/// followed by a blank line. The parent is shown from its own event, so the quote goes.
enum ReplyFallback {
    static func strippedBody(_ body: String) -> String {
        guard body.hasPrefix("> ") else { return body }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let quoted = lines.prefix { $0.hasPrefix(">") }
        guard quoted.count < lines.count, lines[quoted.count].isEmpty else { return body }
        return lines.dropFirst(quoted.count + 1).joined(separator: "\n")
    }
}
