/// How a terminal is told to show a picture, best first: the kitty graphics protocol and iTerm2's
/// inline images carry the picture itself, sixel a palette drawing of it, and half blocks (two
/// coloured pixels a cell) work in any terminal with colour.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    case kitty
    case iterm
    case sixel
    case blocks

    /// Whether the terminal draws pixels, so that the picture's size is in the cell size's pixels.
    public var drawsPixels: Bool { self != .blocks }
}
