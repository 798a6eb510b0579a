/// What a line finished at the terminal holds when a bracketed paste put several lines into it.
/// Typed lines never hold a line break (Enter finishes them); startup files and standard input are
/// read line by line and never come here.
///
/// A block that starts with a command runs line by line, as if each line had been typed, so a
/// pasted script still works; any other block is one message, as Element sends a pasted block.
/// A long one is sent only once the user says so, as weechat and irssi ask before a large paste.
public enum PastedBlock: Sendable, Equatable {
    /// One line, or a block of commands: each runs on its own.
    case lines([String])
    /// Several lines of text, sent as one message (its body keeps the line breaks).
    case message(String, lineCount: Int, asksFirst: Bool)

    /// More lines than this make a pasted message ask before it is sent.
    public static let linesSentWithoutAsking = 5

    public init(_ text: String) {
        // Terminals paste line ends as carriage returns; trailing ones only end the last line.
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.count > 1, lines.last?.trimmingWhitespace().isEmpty == true { lines.removeLast() }
        guard lines.count > 1 else {
            self = .lines(lines)
            return
        }
        let first = lines[0].trimmingWhitespace()
        if first.hasPrefix("/"), !first.hasPrefix("//") {
            self = .lines(lines)
        } else {
            self = .message(lines.joined(separator: "\n"), lineCount: lines.count, asksFirst: lines.count > Self.linesSentWithoutAsking)
        }
    }
}
