extension QRCode.ModuleGrid {
    /// The error correction level and mask, twice (ISO/IEC 18004 7.9.1): five bits with ten of a
    /// BCH(15,5) code, XORed with 101010000010010 so that no level and mask give all light
    /// modules. Bit 0 is the least significant; the first copy runs down column 8 from the top
    /// and then left along row 8, the second right to left along row 8 from the right edge and
    /// then down column 8 below the dark module, which this draws too.
    mutating func drawFormatInformation(errorCorrection: QRCode.ErrorCorrection, mask: QRCode.Mask) {
        let data = errorCorrection.formatBits << 3 | mask.rawValue
        let bits = (data << 10 | Self.bchRemainder(of: data << 10, generator: 0b101_0011_0111)) ^ 0b101_0100_0001_0010
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }

        for index in 0...5 {
            setFunction(row: index, column: 8, dark: bit(index))
        }
        setFunction(row: 7, column: 8, dark: bit(6))
        setFunction(row: 8, column: 8, dark: bit(7))
        setFunction(row: 8, column: 7, dark: bit(8))
        for index in 9...14 {
            setFunction(row: 8, column: 14 - index, dark: bit(index))
        }

        for index in 0...7 {
            setFunction(row: 8, column: size - 1 - index, dark: bit(index))
        }
        for index in 8...14 {
            setFunction(row: size - 15 + index, column: 8, dark: bit(index))
        }
        setFunction(row: size - 8, column: 8, dark: true)
    }

    /// For versions 7 and up, the version number twice (7.10): six bits with twelve of a
    /// BCH(18,6) code, in a 3 × 6 block left of the top right finder (bit i at row i / 3, column
    /// size − 11 + i % 3) and its transpose above the bottom left finder.
    mutating func drawVersionInformation(_ version: QRCode.Version) {
        guard version.hasVersionInformation else { return }
        let bits = version.number << 12 | Self.bchRemainder(of: version.number << 12, generator: 0b1_1111_0010_0101)
        for index in 0..<18 {
            let isDark = bits >> index & 1 == 1
            let short = index / 3, long = size - 11 + index % 3
            setFunction(row: short, column: long, dark: isDark)
            setFunction(row: long, column: short, dark: isDark)
        }
    }

    /// The remainder of `value` divided by `generator`, polynomials over GF(2).
    private static func bchRemainder(of value: Int, generator: Int) -> Int {
        func degree(_ polynomial: Int) -> Int { Int.bitWidth - polynomial.leadingZeroBitCount - 1 }
        var remainder = value
        while remainder != 0, degree(remainder) >= degree(generator) {
            remainder ^= generator << (degree(remainder) - degree(generator))
        }
        return remainder
    }
}
