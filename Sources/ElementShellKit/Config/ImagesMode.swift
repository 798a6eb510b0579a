import TerminalGraphics

/// How pictures are drawn (the `images` setting): in the way the terminal was found to speak, in
/// one named protocol, or not at all.
public enum ImagesMode: String, Sendable, CaseIterable {
    case auto
    case kitty
    case iterm
    case sixel
    case blocks
    case off

    /// The protocol this mode names; nil for `auto` and `off`.
    var graphicsProtocol: GraphicsProtocol? {
        switch self {
        case .kitty: .kitty
        case .iterm: .iterm
        case .sixel: .sixel
        case .blocks: .blocks
        case .auto, .off: nil
        }
    }
}
