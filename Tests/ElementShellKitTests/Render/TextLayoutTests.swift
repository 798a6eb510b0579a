import Testing
@testable import ElementShellKit

@Suite struct TextLayoutTests {
    @Test func columnsAlignAndTheLastWrapsUnderItself() {
        let lines = TextLayout.table([["/a", "one two three four five six"], ["/longer", "x"]], width: 32)
        #expect(lines == [
            "  /a       one two three four",
            "           five six",
            "  /longer  x",
        ])
        #expect(lines.allSatisfy { $0.count <= 32 })
    }

    @Test func escapeSequencesTakeNoRoom() {
        #expect(TextLayout.visibleLength("\u{1B}[2mdim\u{1B}[0m") == 3)
        #expect(TextLayout.table([["\u{1B}[1mk\u{1B}[0m", "v"], ["key", "w"]], width: nil) == ["  \u{1B}[1mk\u{1B}[0m    v", "  key  w"])
    }

    @Test func emojiShownAsPicturesTakeTwoColumns() {
        #expect(TextLayout.visibleLength("🔒 a") == 4)
        #expect(TextLayout.visibleLength("⚠ a") == 3, "a text-style symbol takes one")
    }

    @Test func withoutAWidthOrWithALongWordNothingBreaks() {
        #expect(TextLayout.wrap("a b c", width: nil) == ["a b c"])
        #expect(TextLayout.wrap("averyveryveryverylongwordthatdoesnotfit short", width: 20) == ["averyveryveryverylongwordthatdoesnotfit", "short"])
    }
}
