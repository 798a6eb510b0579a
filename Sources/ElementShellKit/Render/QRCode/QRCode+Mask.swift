extension QRCode {
    /// The eight data mask patterns (ISO/IEC 18004 table 10): which modules of the data the mask
    /// inverts, so that the symbol has no large areas of one colour and nothing that looks like a
    /// finder pattern. Numbered as the format information carries them.
    public enum Mask: Int, Sendable, CaseIterable {
        case pattern0, pattern1, pattern2, pattern3, pattern4, pattern5, pattern6, pattern7

        /// Whether the module at `row`, `column` (from the top left, 0-based) is inverted.
        func inverts(row: Int, column: Int) -> Bool {
            switch self {
            case .pattern0: (row + column) % 2 == 0
            case .pattern1: row % 2 == 0
            case .pattern2: column % 3 == 0
            case .pattern3: (row + column) % 3 == 0
            case .pattern4: (row / 2 + column / 3) % 2 == 0
            case .pattern5: (row * column) % 2 + (row * column) % 3 == 0
            case .pattern6: ((row * column) % 2 + (row * column) % 3) % 2 == 0
            case .pattern7: ((row + column) % 2 + (row * column) % 3) % 2 == 0
            }
        }
    }
}
