/// Scalars modulo the order of edwards25519's base point, L = 2²⁵² + c (c ≈ 2¹²⁴·⁴), as 32
/// little-endian bytes: the `S` half of a signature and the hash `k` it is checked against.
enum Ed25519Scalar {
    static let order: [UInt8] = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ]
    /// −c in signed radix-2²¹ digits: 2²⁵² ≡ −c (mod L) is what folds high limbs down.
    private static let minusC: [Int64] = [666_643, 470_296, 654_183, -997_805, 136_657, -683_901]

    /// Whether 32 little-endian bytes are below L (RFC 8032 refuses an `S` that is not).
    static func isCanonical(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for index in stride(from: 31, through: 0, by: -1) where bytes[index] != order[index] {
            return bytes[index] < order[index]
        }
        return false
    }

    /// 64 little-endian bytes (a SHA-512 digest) reduced modulo L, below L.
    static func reduced(_ wide: UnsafeRawBufferPointer) -> [UInt8] {
        precondition(wide.count == 64)
        // Twenty-four limbs of 21 bits (the last has the remaining 29).
        var limbs = [Int64](repeating: 0, count: 24)
        for index in 0..<24 {
            var value: Int64 = 0
            let width = index == 23 ? 29 : 21
            for bit in 0..<width {
                let position = 21 * index + bit
                value |= Int64(wide[position / 8] >> (position % 8) & 1) << bit
            }
            limbs[index] = value
        }
        // A limb k ≥ 12 stands for limbs[k]·2²⁵²·2^(21(k − 12)) ≡ limbs[k]·(−c)·2^(21(k − 12)).
        func fold(_ range: ClosedRange<Int>) {
            for high in range.reversed() {
                for (offset, digit) in minusC.enumerated() { limbs[high - 12 + offset] += limbs[high] * digit }
                limbs[high] = 0
            }
        }
        // Carries keep every limb small enough that the next folds cannot overflow: rounded to
        // [−2²⁰, 2²⁰] in between, floored into [0, 2²¹) at the end.
        func carry(_ range: ClosedRange<Int>, rounding: Bool) {
            for index in range {
                let carried = (limbs[index] + (rounding ? 1 << 20 : 0)) >> 21
                limbs[index + 1] += carried
                limbs[index] -= carried << 21
            }
        }
        fold(18...23)
        carry(6...16, rounding: true)
        fold(12...17)
        carry(0...11, rounding: true)
        fold(12...12)
        carry(0...11, rounding: false)
        fold(12...12)
        carry(0...10, rounding: false)
        var bytes = [UInt8](repeating: 0, count: 32)
        var buffer: UInt64 = 0, bits = 0, next = 0
        for (index, limb) in limbs[0..<12].enumerated() {
            buffer |= UInt64(bitPattern: limb) << bits
            bits += index == 11 ? 22 : 21
            while bits >= 8, next < 32 {
                bytes[next] = UInt8(truncatingIfNeeded: buffer)
                buffer >>= 8
                bits -= 8
                next += 1
            }
        }
        if next < 32 { bytes[next] = UInt8(truncatingIfNeeded: buffer) }
        // The folds leave a value below 2²⁵³ but not always below L.
        if !bytes.withUnsafeBytes(isCanonical) { subtractOrder(from: &bytes) }
        return bytes
    }

    private static func subtractOrder(from bytes: inout [UInt8]) {
        var borrow = 0
        for index in 0..<32 {
            let difference = Int(bytes[index]) - Int(order[index]) - borrow
            bytes[index] = UInt8(truncatingIfNeeded: difference)
            borrow = difference < 0 ? 1 : 0
        }
    }

    /// The scalar (below 2²⁵³) in 64 signed base-16 digits, each in [−8, 8]: Σ digits[i]·16^i.
    static func signedRadix16(_ bytes: UnsafeRawBufferPointer) -> [Int8] {
        var digits = [Int8](repeating: 0, count: 64)
        for index in 0..<32 {
            digits[2 * index] = Int8(bytes[index] & 15)
            digits[2 * index + 1] = Int8(bytes[index] >> 4)
        }
        var carry: Int8 = 0
        for index in 0..<63 {
            digits[index] += carry
            carry = (digits[index] + 8) >> 4
            digits[index] -= carry << 4
        }
        digits[63] += carry
        return digits
    }
}
