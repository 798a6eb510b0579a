/// The best way to draw pictures in this terminal, from its answers and its environment: kitty
/// graphics where it answered the query; iTerm2's inline images where iTerm2, WezTerm or mintty
/// says it is running; sixel where its device attributes say so; half blocks everywhere else.
/// Colour depth from `COLORTERM`, or truecolor where a picture protocol is spoken.
public enum GraphicsDetection {
    /// Whether the shell runs inside tmux, whose sequences must be wrapped to reach the terminal.
    public static func isInsideTmux(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty || (environment["TERM"] ?? "").hasPrefix("tmux")
    }

    /// How to draw, given what the terminal answered (nothing, when it did not answer in time),
    /// the environment, and the cell size `TIOCGWINSZ` gives (its pixels over its cells), if any.
    public static func drawing(answers: TerminalAnswers, environment: [String: String], windowCellSize: PixelSize?) -> PictureDrawing {
        let insideTmux = isInsideTmux(environment)
        let cellSize = answers.cellSize ?? windowCellSize ?? PixelSize(width: 10, height: 20)
        // A tmux built with sixel (3.4 and later) says so itself, and draws them in its panes.
        if insideTmux, speaksSixel(answers.deviceAttributes.first) {
            return PictureDrawing(graphicsProtocol: .sixel, colorDepth: .trueColor, cellSize: cellSize)
        }
        let chosen = graphicsProtocol(answers: answers, environment: environment, throughTmux: insideTmux)
        return PictureDrawing(graphicsProtocol: chosen, colorDepth: colorDepth(environment: environment, chosen: chosen),
                              cellSize: cellSize, throughTmux: insideTmux && chosen.drawsPixels)
    }

    /// DA1's first parameter is the terminal's class; 4 among the rest is sixel.
    private static func speaksSixel(_ attributes: [Int]?) -> Bool {
        attributes?.dropFirst().contains(4) == true
    }

    static func graphicsProtocol(answers: TerminalAnswers, environment: [String: String], throughTmux: Bool) -> GraphicsProtocol {
        if answers.speaksKittyGraphics { return .kitty }
        // tmux answers for itself first and then passes on the terminal's own answers.
        let terminalVersion = throughTmux ? answers.versions.dropFirst().last : answers.versions.last
        let program = environment["TERM_PROGRAM"] ?? ""
        let itermLike = ["iTerm.app", "WezTerm", "mintty"].contains(program) || environment["LC_TERMINAL"] == "iTerm2"
            || ["iTerm2", "WezTerm", "mintty"].contains { terminalVersion?.hasPrefix($0) == true }
        if itermLike { return .iterm }
        let terminalAttributes = throughTmux ? answers.deviceAttributes.dropFirst().last : answers.deviceAttributes.last
        if speaksSixel(terminalAttributes) { return .sixel }
        return .blocks
    }

    static func colorDepth(environment: [String: String], chosen: GraphicsProtocol) -> ColorDepth {
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || (environment["TERM"] ?? "").hasSuffix("-direct") { return .trueColor }
        return chosen == .blocks ? .indexed256 : .trueColor
    }
}
