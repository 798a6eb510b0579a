import Foundation

/// The options `/wait` takes after what it waits for: `--timeout SECONDS` (default 30).
enum WaitOptions {
    static let defaultTimeout = 30.0

    /// `TEXT [--timeout SECONDS]`, for `/wait message`.
    static func textAndTimeout(in rest: String?) throws(CommandParseError) -> (text: String, timeout: Double) {
        guard let rest, !rest.isEmpty else { throw .usage(command: "wait") }
        guard let marker = rest.range(of: " --timeout ", options: .backwards) else { return (rest, defaultTimeout) }
        let text = String(rest[..<marker.lowerBound]).trimmingWhitespace()
        guard !text.isEmpty else { throw .usage(command: "wait") }
        return (text, try timeout(in: "--timeout " + rest[marker.upperBound...]))
    }

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
