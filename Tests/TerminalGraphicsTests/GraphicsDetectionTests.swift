import Testing
@testable import TerminalGraphics

/// The choice of protocol from answers recorded in real terminals (`Fixtures/Answers`, made with
/// its `record_answers.py` under Xvfb) and their environments.
@Suite struct GraphicsDetectionTests {
    static let tmux = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]

    struct Case: Sendable, CustomTestStringConvertible {
        let recording: String
        let environment: [String: String]
        let expected: GraphicsProtocol
        let throughTmux: Bool
        var testDescription: String { recording }
    }

    @Test(arguments: [
        Case(recording: "kitty.bin", environment: ["TERM": "xterm-kitty"], expected: .kitty, throughTmux: false),
        Case(recording: "xterm-vt340.bin", environment: ["TERM": "xterm"], expected: .sixel, throughTmux: false),
        Case(recording: "mlterm.bin", environment: ["TERM": "mlterm"], expected: .sixel, throughTmux: false),
        Case(recording: "xterm.bin", environment: ["TERM": "xterm"], expected: .blocks, throughTmux: false),
        Case(recording: "tmux-passthrough-in-kitty.bin", environment: tmux, expected: .kitty, throughTmux: true),
        Case(recording: "tmux-passthrough-in-xterm-vt340.bin", environment: tmux, expected: .sixel, throughTmux: true),
        Case(recording: "tmux-without-passthrough.bin", environment: tmux, expected: .blocks, throughTmux: false),
    ])
    func choosesFromARecordedTerminal(_ test: Case) throws {
        let answers = TerminalAnswers(parsing: try Fixture.bytes("Answers/\(test.recording)"))
        let drawing = GraphicsDetection.drawing(answers: answers, environment: test.environment, windowCellSize: nil)
        #expect(drawing.graphicsProtocol == test.expected)
        #expect(drawing.throughTmux == test.throughTmux)
    }

    @Test func readsEveryAnswerOfKitty() throws {
        let answers = TerminalAnswers(parsing: try Fixture.bytes("Answers/kitty.bin"))
        #expect(answers.speaksKittyGraphics)
        #expect(answers.versions == ["kitty(0.26.5)"])
        #expect(answers.cellSize == PixelSize(width: 9, height: 18))
        #expect(answers.deviceAttributes == [[62]])
        #expect(answers.isComplete(throughTmux: false))
    }

    /// Inside tmux, its own DA1 comes first; the wait goes on for the outer terminal's.
    @Test func waitsForTheOuterTerminalInsideTmux() throws {
        let answers = TerminalAnswers(parsing: try Fixture.bytes("Answers/tmux-passthrough-in-xterm-vt340.bin"))
        #expect(answers.versions == ["XTerm(379)"])
        #expect(answers.deviceAttributes.count == 2)
        #expect(answers.isComplete(throughTmux: true))
        #expect(!TerminalAnswers(parsing: try Fixture.bytes("Answers/tmux-without-passthrough.bin")).isComplete(throughTmux: true))
    }

    /// Keys pressed while the answers come are kept for the line editor, in order; a cut answer
    /// is not misread.
    @Test func keepsWhatIsNotAnAnswerAsTyped() {
        let answers = TerminalAnswers(parsing: Array("ab\u{1B}[A\u{1B}_Gi=31;OK\u{1B}\\x\u{1B}[?63;4c\u{1B}[6;20".utf8))
        #expect(answers.speaksKittyGraphics && answers.deviceAttributes == [[63, 4]] && answers.cellSize == nil)
        #expect(answers.typed == Array("ab\u{1B}[Ax\u{1B}[6;20".utf8))
        let keys = TerminalAnswers(parsing: Array("\u{1B}[>1;10;0c/echo hi\r\u{1B}OD\u{1B}b\u{1B}[1;5C\u{1B}]11;rgb:0/0/0\u{7}\u{1B}[6;18;9t\u{1B}".utf8))
        #expect(keys.typed == Array("/echo hi\r\u{1B}OD\u{1B}b\u{1B}[1;5C\u{1B}".utf8))
        #expect(keys.cellSize == PixelSize(width: 9, height: 18) && keys.deviceAttributes.isEmpty)
        #expect(!TerminalAnswers(parsing: Array("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\".utf8)).speaksKittyGraphics)
    }

    @Test(arguments: [
        (["TERM_PROGRAM": "iTerm.app"], GraphicsProtocol.iterm), (["TERM_PROGRAM": "WezTerm"], .iterm),
        (["LC_TERMINAL": "iTerm2"], .iterm), (["TERM_PROGRAM": "Apple_Terminal"], .blocks),
    ])
    func knowsITerm2ByItsEnvironment(environment: [String: String], expected: GraphicsProtocol) {
        #expect(GraphicsDetection.drawing(answers: TerminalAnswers(), environment: environment, windowCellSize: nil).graphicsProtocol == expected)
    }

    /// The terminal's own cell size first, then the window's, then 10 × 20.
    @Test func takesTheCellSizeFromTheBestSource() throws {
        let kitty = TerminalAnswers(parsing: try Fixture.bytes("Answers/kitty.bin"))
        let window = PixelSize(width: 7, height: 15)
        #expect(GraphicsDetection.drawing(answers: kitty, environment: [:], windowCellSize: window).cellSize == PixelSize(width: 9, height: 18))
        #expect(GraphicsDetection.drawing(answers: TerminalAnswers(), environment: [:], windowCellSize: window).cellSize == window)
        #expect(GraphicsDetection.drawing(answers: TerminalAnswers(), environment: [:], windowCellSize: nil).cellSize == PixelSize(width: 10, height: 20))
    }

    @Test(arguments: [
        (["COLORTERM": "truecolor"], ColorDepth.trueColor), (["COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm-direct"], .trueColor), (["TERM": "xterm-256color"], .indexed256),
    ])
    func takesHalfBlockColoursFromTheEnvironment(environment: [String: String], expected: ColorDepth) {
        #expect(GraphicsDetection.drawing(answers: TerminalAnswers(), environment: environment, windowCellSize: nil).colorDepth == expected)
    }

    @Test func asksTmuxToPassTheQuestionsOn() {
        let bare = TerminalQuery.bytes(throughTmux: false)
        #expect(String(decoding: bare, as: UTF8.self) == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[16t\u{1B}[c")
        let wrapped = String(decoding: TerminalQuery.bytes(throughTmux: true), as: UTF8.self)
        #expect(wrapped.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31") && wrapped.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\\u{1B}[c"))
    }
}
