import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SecretInputTests {
    /// Feeds `text` byte by byte and returns the first step that is not `.reading`.
    func read(_ text: String) -> SecretInput.Step {
        var input = SecretInput()
        for byte in Array(text.utf8) {
            let step = input.feed(byte)
            if step != .reading { return step }
        }
        return .reading
    }

    @Test func enterFinishes() {
        #expect(read("hunter2\r") == .finished("hunter2"))
        #expect(read("hunter2\n") == .finished("hunter2"))
        #expect(read("\r") == .finished(""))
        #expect(read("no end") == .reading)
    }

    @Test func backspaceRemovesWholeCharacters() {
        #expect(read("ab\u{7F}c\r") == .finished("ac"))
        #expect(read("pässwörd\u{7F}\u{7F}rd\r") == .finished("pässwörd"))
        #expect(read("🔑x\u{8}\u{7F}y\r") == .finished("y"))
        #expect(read("\u{7F}\u{7F}a\r") == .finished("a"))
    }

    @Test func ctrlUStartsAgainAndCtrlDGivesUpOnlyWhenEmpty() {
        #expect(read("wrong\u{15}right\r") == .finished("right"))
        #expect(read("\u{4}") == .cancelled)
        #expect(read("a\u{4}b\r") == .finished("ab"))
    }

    @Test func escapeSequencesAndControlsAreSkipped() {
        #expect(read("pa\u{1B}[Dss\u{1B}[A\r") == .finished("pass"))
        #expect(read("\u{1B}[200~pasted\u{1B}[201~\r") == .finished("pasted"))
        #expect(read("a\u{1B}OHb\u{12}\u{19}c\r") == .finished("abc"), "Home, Ctrl-R and Ctrl-Y do nothing")
    }
}
