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

    @Test func wideCharactersTakeTwoColumnsAndWrapByThem() {
        #expect(TextLayout.visibleLength("漢字 かな 한글 ＡＢ") == 19)
        #expect(TextLayout.visibleLength("é ü ß") == 5, "Latin letters take one")
        // Ten two-column words of two characters: four fit in 20 columns with their spaces (19).
        let line = Array(repeating: "漢字", count: 10).joined(separator: " ")
        #expect(TextLayout.wrap(line, width: 20) == Array(repeating: "漢字 漢字 漢字 漢字", count: 2) + ["漢字 漢字"])
    }

    @Test func withoutAWidthOrWithALongWordNothingBreaks() {
        #expect(TextLayout.wrap("a b c", width: nil) == ["a b c"])
        #expect(TextLayout.wrap("averyveryveryverylongwordthatdoesnotfit short", width: 20) == ["averyveryveryverylongwordthatdoesnotfit", "short"])
    }

    @Test func aSubtitleGoesUnderItsRowFromItsColumnCutToTheWidth() {
        let lines = TextLayout.table([["1", "Guild • 25", "[12:00] 5 unread"], ["2", "Lobby", ""]],
                                     subtitles: [0: "[General] Bob: a message far too long for the line"], subtitleColumn: 1, width: 36)
        #expect(lines == [
            "  1  Guild • 25  [12:00] 5 unread",
            "     [General] Bob: a message far t…",
            "  2  Lobby",
        ])
        #expect(lines.allSatisfy { TextLayout.visibleLength($0) <= 36 })
    }

    @Test func cuttingCountsWideCharactersAndLeavesShortTextWhole() {
        #expect(TextLayout.cut("漢字漢字", to: 6) == "漢字…")
        #expect(TextLayout.cut("short", to: 10) == "short")
        #expect(TextLayout.cut("short", to: nil) == "short")
    }
}
