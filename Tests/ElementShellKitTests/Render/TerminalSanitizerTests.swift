import Testing
@testable import ElementShellKit

@Suite struct TerminalSanitizerTests {
    @Test func escapeSequencesCannotReachTheTerminal() {
        let hostile = "hi\u{1B}]0;owned\u{07}\u{1B}[2J there"
        let clean = TerminalSanitizer.clean(hostile)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(clean.hasPrefix("hiU+1B]0;owned"))
    }

    @Test func bidiOverridesAndLineBreaksAreNeutralised() {
        #expect(TerminalSanitizer.clean("a\u{202E}b") == "aU+202Eb")
        #expect(TerminalSanitizer.clean("one\ntwo\tthree") == "one two three")
        #expect(TerminalSanitizer.clean("Grüße, 世界 👋") == "Grüße, 世界 👋")
    }
}
