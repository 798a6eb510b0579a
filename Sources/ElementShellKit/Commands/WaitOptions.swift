/// The options `/wait` takes after what it waits for: `--timeout SECONDS` (default 30).
enum WaitOptions {
    static let defaultTimeout = 30.0

    static func timeout(in options: String?) throws(CommandParseError) -> Double {
        guard let options else { return defaultTimeout }
        let words = options.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, words[0] == "--timeout" else { throw .usage(command: "wait") }
        guard let seconds = Double(words[1]), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw .invalidNumber(command: "wait", value: String(words[1]))
        }
        return seconds
    }
}
