import CQREncode

extension QRCode {
    /// How much of the code may be lost (dirt, a glare, a cut corner) and still be read: about 7,
    /// 15, 25 or 30 % of the codewords. More correction means a larger code for the same bytes;
    /// a code on a screen meets little damage, so medium is the default.
    public enum ErrorCorrection: Sendable, CaseIterable {
        case low
        case medium
        case quartile
        case high

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }
}
