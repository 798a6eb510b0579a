extension QRCode {
    /// Bits appended most significant first, as the bit stream of ISO/IEC 18004 7.4 is written.
    struct BitBuffer {
        private(set) var bits: [Bool] = []

        var count: Int { bits.count }

        mutating func append(_ value: Int, bitCount: Int) {
            for shift in (0..<bitCount).reversed() {
                bits.append(value >> shift & 1 == 1)
            }
        }

        /// Eight bits to a byte; a last partial byte is filled with zeros.
        var bytes: [UInt8] {
            stride(from: 0, to: bits.count, by: 8).map { start in
                bits[start..<min(start + 8, bits.count)].enumerated().reduce(0) { byte, bit in
                    bit.element ? byte | 0x80 >> bit.offset : byte
                }
            }
        }
    }
}
