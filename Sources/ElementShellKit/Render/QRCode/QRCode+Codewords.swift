extension QRCode {
    /// From the bytes to the sequence of codewords the symbol carries.
    enum Codewords {
        /// The byte mode indicator (ISO/IEC 18004 table 2).
        private static let byteMode = 0b0100
        /// What fills the data codewords after the message, alternately (7.4.10).
        private static let padCodewords: [UInt8] = [0xEC, 0x11]

        /// One byte-mode segment: mode, byte count, the bytes; then the terminator (up to four
        /// zero bits, as many as there is room for), zeros to the byte boundary, and pad codewords
        /// up to the version's data capacity. The caller has checked that the bytes fit.
        static func dataCodewords(_ bytes: [UInt8], version: Version, errorCorrection: ErrorCorrection) -> [UInt8] {
            let capacity = version.blocks(at: errorCorrection).dataCodewordCount
            var buffer = BitBuffer()
            buffer.append(byteMode, bitCount: 4)
            buffer.append(bytes.count, bitCount: version.characterCountBits)
            for byte in bytes {
                buffer.append(Int(byte), bitCount: 8)
            }
            buffer.append(0, bitCount: min(4, capacity * 8 - buffer.count))
            let message = buffer.bytes
            let padding = (0..<capacity - message.count).map { padCodewords[$0 % 2] }
            return message + padding
        }

        /// The final message (7.6): the data split into blocks, each block's error correction
        /// computed, then the data codewords interleaved (the first of each block, the second of
        /// each…, the longer blocks' last ones at the end), then the error correction codewords
        /// likewise. Interleaving spreads a damaged area over many blocks.
        static func message(data: [UInt8], blocks layout: BlockLayout) -> [UInt8] {
            var dataBlocks: [[UInt8]] = []
            var start = 0
            for length in layout.dataCodewordsPerBlock {
                dataBlocks.append(Array(data[start..<start + length]))
                start += length
            }
            let code = ReedSolomon(errorCorrectionCodewords: layout.errorCorrectionCodewordsPerBlock)
            let correctionBlocks = dataBlocks.map(code.errorCorrection(for:))
            return interleaved(dataBlocks) + interleaved(correctionBlocks)
        }

        private static func interleaved(_ blocks: [[UInt8]]) -> [UInt8] {
            let longest = blocks.map(\.count).max() ?? 0
            return (0..<longest).flatMap { index in blocks.compactMap { index < $0.count ? $0[index] : nil } }
        }
    }
}
