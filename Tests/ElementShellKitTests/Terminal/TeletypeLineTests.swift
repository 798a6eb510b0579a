import Testing
@testable import ElementShellKit

@Suite struct TeletypeLineTests {
    /// Draws each state in turn, as readline would after each key, and gives what was written.
    private func keys(_ line: inout TeletypeLine, _ states: [(String, Int)], prompt: String = "> ", columns: Int = 80) -> [String] {
        states.map { text, point in line.draw(prompt: prompt, line: text, point: point, columns: columns) }
    }

    @Test func typingOnlyAddsWhatWasTyped() {
        var line = TeletypeLine()
        #expect(keys(&line, [("", 0), ("h", 1), ("hi", 2), ("hi", 2)]) == ["> ", "h", "i", ""])
    }

    @Test func deletingIsABackspaceAndASpace() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0), ("hid", 3)])
        #expect(keys(&line, [("hi", 2)]) == ["\u{8} \u{8}"])
    }

    @Test func movingLeftAndInsertingRewritesOnlyTheRest() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0), ("abc", 3)])
        #expect(keys(&line, [("abc", 2), ("abXc", 3), ("abXc", 4)]) == ["\u{8}", "Xc\u{8}", "c"])
    }

    @Test func outputGoesUnderTheTypedTextWhichIsNotDrawnAgain() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0), ("hel", 3)])
        #expect(line.print(["Alice: hello", "Bob: hi"]) == "\nAlice: hello\nBob: hi\n")
        #expect(keys(&line, [("hel", 3), ("hell", 4), ("hello", 5)]) == ["", "l", "o"])
        // More output: the row holds "lo", so it is ended first; then nothing is on the new row.
        #expect(line.print(["Carol: hey"]) == "\nCarol: hey\n")
        #expect(line.print(["Dan: yo"]) == "Dan: yo\n")
        #expect(line.print([]) == "")
        #expect(line.endLine() == "")
        #expect(keys(&line, [("", 0)]) == ["> "])
    }

    @Test func editingAboveTheOutputDrawsTheLineAgainOnARowOfItsOwn() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0), ("hel", 3)])
        _ = line.print(["Alice: hello"])
        #expect(keys(&line, [("he", 2)]) == ["> he"], "nothing was on the row: no empty row before it")
        _ = line.print(["Alice: again"])
        #expect(keys(&line, [("hey", 3), ("hey", 2)]) == ["y", "\u{8}"], "back to the row's start, between \"he\" and \"y\"")
        #expect(keys(&line, [("hey", 3)]) == ["y"], "right from the row's first column")
        #expect(keys(&line, [("hey", 1)]) == ["\n> hey\u{8}\u{8}"])
    }

    @Test func aNewPromptStartsANewRow() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0)])
        #expect(keys(&line, [("", 0)], prompt: "Team> ") == ["\nTeam> "])
        #expect(line.endLine() == "\n")
        #expect(keys(&line, [("draft", 5)], prompt: "Team> ") == ["Team> draft"])
    }

    @Test func aRecalledLineReplacesTheTypedOne() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0), ("abcdef", 6)])
        #expect(keys(&line, [("xyz", 3)]) == ["\u{8}\u{8}\u{8}\u{8}\u{8}\u{8}xyz   \u{8}\u{8}\u{8}"])
    }

    @Test func wideCharactersTakeTwoBackspaces() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0), ("日本", 6)])
        #expect(keys(&line, [("日", 3)]) == ["\u{8}\u{8}  \u{8}\u{8}"])
    }

    @Test func backspaceNeverCrossesATerminalRow() {
        var line = TeletypeLine()
        // Ten columns: "> abcdefgh" fills the row, and the cursor waits for the wrap.
        _ = keys(&line, [("", 0), ("abcdefgh", 8)], columns: 10)
        #expect(keys(&line, [("abcdefg", 7)], columns: 10) == ["\n> abcdefg"])
        #expect(keys(&line, [("abcdefgXYZ", 10), ("abcdefgXY", 9)], columns: 10) == ["XYZ", "\u{8} \u{8}"])
        #expect(keys(&line, [("abcdefgXY", 0)], columns: 10) == ["\n> abcdefgXY"], "the cursor cannot reach the first row")
    }

    @Test func pastedLineBreaksAreShownNotObeyed() {
        var line = TeletypeLine()
        _ = keys(&line, [("", 0)])
        #expect(keys(&line, [("a\rb", 3)]) == ["a^Mb"])
        #expect(keys(&line, [("a\r", 2)]) == ["\u{8} \u{8}"])
    }
}
