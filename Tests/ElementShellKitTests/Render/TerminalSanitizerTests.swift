import Testing
@testable import ElementShellKit
@testable import MatrixClient

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

    @Test func floodsOfCombiningMarksAreCutWhileScriptsAndEmojiKeepTheirs() {
        let flood = "Z" + String(repeating: "\u{0301}\u{0316}", count: 5_000) + "algo"
        let clean = TerminalSanitizer.clean(flood)
        #expect(clean.unicodeScalars.count == 1 + TerminalSanitizer.maximumAttachedMarks + 4)
        #expect(clean.hasSuffix("algo") && TerminalSanitizer.clean(clean) == clean)
        let joined = "e" + String(repeating: "\u{0301}\u{200D}", count: 5_000)
        #expect(TerminalSanitizer.clean(joined).unicodeScalars.count == 1 + TerminalSanitizer.maximumAttachedMarks)
        // A kiss with skin tones, a family, the flag of Scotland (tag characters), Vietnamese, Hindi.
        for text in ["👩🏻‍❤️‍💋‍👨🏼", "👨‍👩‍👧‍👦", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "Tiếng Việt", "क्षत्रिय"] {
            #expect(TerminalSanitizer.clean(text) == text)
        }
    }
}
