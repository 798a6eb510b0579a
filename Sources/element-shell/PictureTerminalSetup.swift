@preconcurrency import Glibc
import ElementShellKit
import TerminalGraphics

/// How this terminal draws pictures, found once before the line editor reads it. The terminal is
/// asked (kitty's query, its version, its cell size, its device attributes, through tmux where
/// the shell runs in it) only when the `images` setting leaves the choice to it; a named protocol
/// or `off` costs no question. A terminal that says it is dumb is not asked and gets no pictures.
enum PictureTerminalSetup {
    struct Outcome {
        let terminal: PictureTerminal?
        /// Keys typed while the terminal was asked (a line typed at once): the line editor's first input.
        let typedAhead: [UInt8]

        static let none = Outcome(terminal: nil, typedAhead: [])
    }

    static func terminal(images: ImagesMode, environment: [String: String]) -> Outcome {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0, let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return .none }
        let insideTmux = GraphicsDetection.isInsideTmux(environment)
        let answers = images == .auto
            ? TerminalProbe.ask(input: STDIN_FILENO, output: STDOUT_FILENO, throughTmux: insideTmux)
            : TerminalAnswers()
        let detected = GraphicsDetection.drawing(answers: answers, environment: environment, windowCellSize: TerminalSize.cellPixels())
        let terminal = PictureTerminal(detected: detected, insideTmux: insideTmux, windowSize: { TerminalSize.window() })
        return Outcome(terminal: terminal, typedAhead: answers.typed)
    }
}
