import Testing
@testable import ElementShellKit
@testable import MatrixClient

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

    @Test func aLongCellIsCutSoEveryRowFitsTheWidth() {
        let long = String(repeating: "paste ", count: 12_000)
        let lines = TextLayout.table([["1", "Lobby", long, "refused"], ["2", "Lobby", "hi", "waiting (0 tries)"]], width: 40)
        #expect(lines == [
            "  1  Lobby  paste pa…  refused",
            "  2  Lobby  hi         waiting (0 tries)",
        ], "the widest column gives way; the others keep their width")
        #expect(TextLayout.table([["name", long]], wrapsLastColumn: false, width: 30) == ["  name  " + String(long.prefix(21)) + "…"])
        #expect(TextLayout.table([["name", "x" + long.replacingOccurrences(of: " ", with: "")]], width: 30).count == 1,
                "a word too long to wrap is cut")
    }

    @Test func atAVeryNarrowWidthCellsShrinkToAnEllipsisRatherThanOverflow() {
        let lines = TextLayout.table([["漢字漢字漢字", "a-very-long-device-name", "ABCD EFGH IJKL", "verified"]], width: 24)
        #expect(lines.allSatisfy { TextLayout.visibleLength($0) <= 24 }, "\(lines)")
    }

    @Test func cuttingStyledTextKeepsItsEscapesAndEndsTheStyle() {
        let dim = "\u{1B}[2m@someone-with-a-long-name:example.org\u{1B}[0m"
        let cut = TextLayout.cut(dim, to: 10)
        #expect(cut == "\u{1B}[2m@someone-…\u{1B}[0m")
        #expect(TextLayout.visibleLength(cut) == 10)
    }

    /// What `/queue` showed after a 70 KB paste: every row padded to the paste's width. Now each
    /// message is one line, its body cut, a multi-line body joined into that line.
    @Test func theQueueFitsANarrowTerminalOneLineAMessage() {
        func queued(_ body: String, failed: Bool) -> QueuedMessage {
            var entry = OutboxEntry(transactionID: body, roomID: "!r", msgtype: "m.text", body: body, createdAt: 0)
            entry.failed = failed
            return QueuedMessage(entry: entry, roomName: "Lobby")
        }
        let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)), width: 50)
        let lines = L10n.$languageOverride.withValue("en") {
            renderer.lines(for: .queue(.list([queued(String(repeating: "x", count: 70_000), failed: true), queued("two\nlines", failed: false)])))
        }
        #expect(lines.count == 2 && lines.allSatisfy { TextLayout.visibleLength($0) <= 50 }, "\(lines.map { $0.prefix(80) })")
        #expect(lines[1].hasPrefix("  2  Lobby  two lines "), "\(lines[1])")
    }
}
