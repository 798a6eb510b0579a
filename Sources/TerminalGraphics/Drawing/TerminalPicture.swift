/// A picture ready for the terminal, and the cells it covers.
public struct TerminalPicture: Sendable, Equatable {
    public enum Output: Sendable, Equatable {
        /// Half blocks: lines of text with their colours, each ending in a reset.
        case lines([String])
        /// One escape sequence (or a run of them) that draws the picture at the cursor.
        case sequence([UInt8])
    }

    public let output: Output
    public let cells: CellBox
    public let graphicsProtocol: GraphicsProtocol
}
