extension QRCode {
    /// One of the forty symbol sizes, and what follows from its number: the side, where the
    /// alignment patterns stand, how many codewords the symbol has room for.
    struct Version {
        static let numbers = 1...40

        let number: Int

        /// 21 modules for version 1, four more with each version.
        var size: Int { 17 + 4 * number }

        /// Versions 7 and up carry their number in two blocks of version information.
        var hasVersionInformation: Bool { number >= 7 }

        /// The bits of the byte count after the mode indicator (ISO/IEC 18004 table 3).
        var characterCountBits: Int { number <= 9 ? 8 : 16 }

        /// Every module that no function pattern takes, eight to a codeword; the few left over
        /// (0 to 7 remainder bits) stay light before masking.
        var codewordCount: Int { dataModuleCount / 8 }

        /// The symbol less its function patterns: three finders with their separators (8 × 8
        /// each), the two timing patterns between them, 31 modules of format information with the
        /// dark module, 36 of version information, and the alignment patterns, of which those on
        /// the timing patterns share five modules with them.
        private var dataModuleCount: Int {
            let timing = 2 * (size - 16)
            let version = hasVersionInformation ? 2 * 18 : 0
            let alignmentCount = alignmentCenters.count
            let alignmentPatterns = alignmentCount == 0 ? 0 : alignmentCount * alignmentCount - 3
            let alignmentOnTiming = alignmentCount == 0 ? 0 : 2 * (alignmentCount - 2)
            let alignment = 25 * alignmentPatterns - 5 * alignmentOnTiming
            return size * size - 3 * 64 - timing - 31 - version - alignment
        }

        /// The rows (and the same columns) on which the alignment patterns are centred (ISO/IEC
        /// 18004 annex E): from the timing pattern's 6 to the last finder's inner edge, evenly
        /// spaced by the smallest even step that spans them, the first gap taking what is left.
        /// Version 32 is the one the standard's table spaces more tightly.
        var alignmentCenters: [Int] {
            guard number >= 2 else { return [] }
            let count = number / 7 + 2
            let last = size - 7
            let span = last - 6
            var step = (span + count - 2) / (count - 1)
            step += step % 2
            if number == 32 { step = 26 }
            return [6] + (0..<count - 1).reversed().map { last - $0 * step }
        }

        func blocks(at errorCorrection: ErrorCorrection) -> BlockLayout {
            BlockLayout(version: self, errorCorrection: errorCorrection)
        }

        /// The bytes one byte-mode segment can carry: the data codewords less its 4-bit mode
        /// indicator and its byte count.
        func byteCapacity(at errorCorrection: ErrorCorrection) -> Int {
            (blocks(at: errorCorrection).dataCodewordCount * 8 - 4 - characterCountBits) / 8
        }
    }
}
