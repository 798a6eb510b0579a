/// What is asked of the terminal once, before the prompt, to choose how pictures are drawn:
/// whether it speaks the kitty graphics protocol (a query for a one-pixel picture, which only
/// such terminals answer), its name and version (XTVERSION), its cell size in pixels, and last
/// its primary device attributes (DA1), which every terminal answers, so their answer ends the
/// wait; a 4 among them means sixel.
///
/// Inside tmux the questions are wrapped to pass through to the terminal tmux runs in, whose
/// answers tmux hands back (with `allow-passthrough on`); a bare DA1 after them is answered by
/// tmux itself, at once, so the wait has an end even where passthrough is off.
public enum TerminalQuery {
    static let kittyGraphicsQuery = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    static let version = Array("\u{1B}[>0q".utf8)
    static let cellSize = Array("\u{1B}[16t".utf8)
    static let deviceAttributes = Array("\u{1B}[c".utf8)

    public static func bytes(throughTmux: Bool) -> [UInt8] {
        let questions = kittyGraphicsQuery + version + cellSize + deviceAttributes
        return throughTmux ? TmuxPassthrough.wrap(questions) + deviceAttributes : questions
    }

    /// How many DA1 answers mean every answer is in: tmux's own comes first, the outer terminal's
    /// after it.
    public static func deviceAttributeAnswers(throughTmux: Bool) -> Int {
        throughTmux ? 2 : 1
    }
}
