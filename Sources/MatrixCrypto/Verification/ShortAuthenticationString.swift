/// The two ways to show the short authentication string ("SAS method: `emoji`", "SAS method:
/// `decimal`"), from HKDF bytes of `SASInfo.shortAuthenticationString`.
public enum ShortAuthenticationString {
    public static let emojiByteCount = 6
    public static let decimalByteCount = 5

    /// Seven numbers 0...63, indices into `SASEmoji.all`: the first 42 bits in groups of six,
    /// most significant first.
    public static func emojiIndices(_ bytes: [UInt8]) -> [Int] {
        precondition(bytes.count >= emojiByteCount, "the emoji need \(emojiByteCount) bytes")
        let bits = number(bytes.prefix(emojiByteCount))
        return stride(from: 42, through: 6, by: -6).map { (bits >> $0) & 0x3F }
    }

    /// Three numbers 1000...9191: the first 39 bits in groups of thirteen, plus 1000 so that each
    /// has four digits.
    public static func decimals(_ bytes: [UInt8]) -> [Int] {
        precondition(bytes.count >= decimalByteCount, "the decimals need \(decimalByteCount) bytes")
        let bits = number(bytes.prefix(decimalByteCount))
        return [27, 14, 1].map { ((bits >> $0) & 0x1FFF) + 1000 }
    }

    /// Big-endian; at most 6 bytes, so it fits an `Int` with room to spare.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
