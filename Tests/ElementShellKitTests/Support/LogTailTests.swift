import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What a problem report keeps of the log.
@Suite struct LogTailTests {
    @Test func theLastLinesAreKeptLessThoseHoldingASecret() {
        let text = (1...5).map { "line \($0)" }.joined(separator: "\n") + "\nrefresh=r-secret\nline 7\n"
        let tail = LogTail(of: text, count: 4, dropping: ["a-secret", "r-secret", ""])
        #expect(tail.lines == ["line 4", "line 5", "line 7"])
        #expect(tail.droppedCount == 1)
        #expect(LogTail(of: text, count: 4, dropping: []).lines.count == 4, "an empty secret would match every line")
    }

    @Test func aLongFileIsReadFromItsEndAndAMissingOneGivesNothing() throws {
        let directory = TemporaryDirectory()
        let file = directory.url.appending(path: "element-shell.log")
        try (1...1_000).map { "line \($0) " + String(repeating: "x", count: 40) }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let tail = LogTail(ofFileAt: file.path, count: 200, dropping: [], readingAtMost: 4_096)
        #expect(tail.lines.last?.hasPrefix("line 1000 ") == true)
        #expect(tail.lines.allSatisfy { $0.hasPrefix("line ") && $0.hasSuffix("x") }, "no line cut in half")
        #expect(tail.lines.count < 200, "only the end was read")
        #expect(LogTail(ofFileAt: directory.url.appending(path: "none").path, count: 200, dropping: []).lines.isEmpty)
    }
}
