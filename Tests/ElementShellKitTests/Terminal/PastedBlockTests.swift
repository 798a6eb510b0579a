import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct PastedBlockTests {
    @Test func aTypedLineRunsAsItIs() {
        #expect(PastedBlock("hello") == .lines(["hello"]))
        #expect(PastedBlock("/open Demo") == .lines(["/open Demo"]))
        #expect(PastedBlock("") == .lines([""]))
        #expect(PastedBlock("one line pasted\r") == .lines(["one line pasted"]), "a trailing line end only ends the line")
    }

    @Test func pastedTextIsOneMessageWithItsLineBreaks() {
        #expect(PastedBlock("first\rsecond\r\rfourth\r\r") == .message("first\nsecond\n\nfourth", lineCount: 4, asksFirst: false))
        #expect(PastedBlock("a\r\nb") == .message("a\nb", lineCount: 2, asksFirst: false))
        // `//` is text that starts with a slash, as on a typed line.
        #expect(PastedBlock("//etc/hosts\nis a file") == .message("//etc/hosts\nis a file", lineCount: 2, asksFirst: false))
    }

    @Test func aLongPasteAsksFirst() {
        let five = (1...5).map { "line \($0)" }
        #expect(PastedBlock(five.joined(separator: "\r")) == .message(five.joined(separator: "\n"), lineCount: 5, asksFirst: false))
        let six = (1...6).map { "line \($0)" }
        #expect(PastedBlock(six.joined(separator: "\r")) == .message(six.joined(separator: "\n"), lineCount: 6, asksFirst: true))
    }

    @Test func aBlockOfCommandsRunsLineByLine() {
        #expect(PastedBlock("/echo one\r/echo two\r") == .lines(["/echo one", "/echo two"]))
        #expect(PastedBlock("  /join #a:hs\rhello") == .lines(["  /join #a:hs", "hello"]))
    }
}
