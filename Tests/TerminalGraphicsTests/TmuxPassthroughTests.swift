import Testing
@testable import TerminalGraphics

@Suite struct TmuxPassthroughTests {
    /// Each sequence in its own passthrough, its ESCs doubled; text between them as it was.
    @Test func wrapsEachSequenceOnItsOwn() {
        let input = Array("\u{1B}_Ga=T,m=1;QUJD\u{1B}\\\u{1B}_Gm=0;\u{1B}\\x\u{1B}]1337;File=inline=1:AA==\u{07}\u{1B}[2A".utf8)
        let expected = "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,m=1;QUJD\u{1B}\u{1B}\\\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;\u{1B}\u{1B}\\\u{1B}\\x"
            + "\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1:AA==\u{07}\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}[2A\u{1B}\\"
        #expect(String(decoding: TmuxPassthrough.wrap(input), as: UTF8.self) == expected)
    }

    /// A sequence cut short is wrapped to its end, not read past it.
    @Test func wrapsACutSequenceToTheEnd() {
        #expect(TmuxPassthrough.wrap(Array("\u{1B}Pq#0".utf8)) == Array("\u{1B}Ptmux;\u{1B}\u{1B}Pq#0\u{1B}\\".utf8))
        #expect(TmuxPassthrough.wrap([0x1B]) == [0x1B])
    }
}
