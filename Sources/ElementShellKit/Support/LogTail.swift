import Foundation

/// The last lines of the log for a problem report. The log is written to hold no secret, but the
/// report does not take that on trust: a line holding one of the session's tokens is left out.
struct LogTail: Sendable, Equatable {
    var lines: [String]
    /// How many of the last lines were left out for holding a secret.
    var droppedCount: Int

    /// The last `count` lines of `text`, less those holding any of `secrets`.
    init(of text: String, count: Int, dropping secrets: [String]) {
        let secrets = secrets.filter { !$0.isEmpty }
        let last = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(count).map(String.init)
        lines = last.filter { line in !secrets.contains { line.contains($0) } }
        droppedCount = last.count - lines.count
    }

    /// The file's last lines; none when it cannot be read. Only its end is read, as a log of a
    /// long-lived profile grows large.
    init(ofFileAt path: String, count: Int, dropping secrets: [String], readingAtMost limit: UInt64 = 1 << 20) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            self.init(of: "", count: count, dropping: secrets)
            return
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        let start = size > limit ? size - limit : 0
        try? handle.seek(toOffset: start)
        var text = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        // A read from the middle starts inside a line, which is left out.
        if start > 0, let newline = text.firstIndex(of: "\n") { text = String(text[text.index(after: newline)...]) }
        self.init(of: text, count: count, dropping: secrets)
    }
}
