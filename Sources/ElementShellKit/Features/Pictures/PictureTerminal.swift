import TerminalGraphics

/// A terminal that pictures can be drawn on: how it was found to draw best when the shell
/// started, and how large its window is. The app has none in batch mode, with `--output json`
/// and when standard output is not a terminal, so pictures are never fetched there.
public struct PictureTerminal: Sendable {
    /// The way the terminal answered that it draws best (or, unasked, what its environment says).
    public var detected: PictureDrawing
    /// Whether it runs in tmux, which passes a protocol the `images` setting names on only when
    /// its sequences are wrapped.
    public var insideTmux: Bool
    /// The window in cells, as it is now; nil when the terminal does not say.
    public var windowSize: @Sendable () -> CellBox?

    public init(detected: PictureDrawing, insideTmux: Bool, windowSize: @escaping @Sendable () -> CellBox?) {
        self.detected = detected
        self.insideTmux = insideTmux
        self.windowSize = windowSize
    }

    /// How to draw under the `images` setting; nil when it is off.
    func drawing(for mode: ImagesMode) -> PictureDrawing? {
        switch mode {
        case .off: return nil
        case .auto: return detected
        case .kitty, .iterm, .sixel, .blocks:
            guard let chosen = mode.graphicsProtocol else { return nil }
            var drawing = detected
            drawing.graphicsProtocol = chosen
            drawing.throughTmux = insideTmux && chosen.drawsPixels
            return drawing
        }
    }

    /// The most a picture may cover: `wanted`, within the window less the prompt's line and the
    /// indent it is drawn at.
    func box(within wanted: CellBox?, indent: Int) -> CellBox {
        let window = windowSize() ?? CellBox(columns: 80, rows: 24)
        let columns = max(1, window.columns - indent), rows = max(1, window.rows - 2)
        guard let wanted else { return CellBox(columns: columns, rows: rows) }
        return CellBox(columns: min(wanted.columns, columns), rows: min(wanted.rows, rows))
    }
}
