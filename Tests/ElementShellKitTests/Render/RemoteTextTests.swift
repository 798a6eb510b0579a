import Foundation
import Testing
@testable import ElementShellKit
import MatrixClient

/// Every way a `RemoteText` becomes a string for people is sanitized; only JSON and comparisons
/// see it as it came.
@Suite struct RemoteTextTests {
    let hostile = RemoteText("left\u{1B}]52;c;Y3VybA==\u{07}\u{202E}right")

    @Test func everyStringOfItIsSanitized() {
        let sanitized = TerminalSanitizer.clean(hostile.unsanitized)
        #expect(hostile.shown == sanitized)
        #expect(String(describing: hostile) == sanitized)
        #expect(String(reflecting: hostile) == "RemoteText(\(sanitized))")
        let any: Any = hostile
        #expect("\(any)" == sanitized, "interpolated as Any, it still goes through the sanitizer")
        for text in [hostile.shown, String(describing: hostile), String(reflecting: hostile)] {
            #expect(TerminalSafety.problems(in: text).isEmpty)
        }
    }

    @Test func jsonKeepsItExactly() throws {
        let line = JSONRenderer.object(for: Report(content: .gap(roomName: hostile), location: nil)).line
        #expect(TerminalSafety.unsafeScalars(in: line).isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["room"] as? String == hostile.unsanitized)
    }
}
