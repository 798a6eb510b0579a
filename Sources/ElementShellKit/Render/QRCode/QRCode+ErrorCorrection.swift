extension QRCode {
    /// How much of the code may be lost (dirt, a glare, a cut corner) and still be read: about 7,
    /// 15, 25 or 30 % of the codewords. More correction means a larger code for the same bytes;
    /// a code on a screen meets little damage, so medium is the default.
    public enum ErrorCorrection: Sendable, CaseIterable {
        case low
        case medium
        case quartile
        case high

        /// The two bits the format information gives the level (ISO/IEC 18004 table 12): not in
        /// the order of strength.
        var formatBits: Int {
            switch self {
            case .low: 0b01
            case .medium: 0b00
            case .quartile: 0b11
            case .high: 0b10
            }
        }
    }
}
