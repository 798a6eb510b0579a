/// An element of GF(2²⁵⁵ − 19), the field of Curve25519's coordinates, in five limbs of 51 bits
/// (radix 2⁵¹). Limbs may exceed 51 bits between operations: every product and difference is
/// carried back to about 51 bits, sums of a few such go straight into a product or a difference
/// (limbs below 2⁵³), and only `encoded` reduces fully. Variable time: it serves signature verification, whose inputs
/// are public.
struct FieldElement: Equatable {
    var l0, l1, l2, l3, l4: UInt64

    static let mask: UInt64 = (1 << 51) - 1
    static let zero = FieldElement(l0: 0, l1: 0, l2: 0, l3: 0, l4: 0)
    static let one = FieldElement(l0: 1, l1: 0, l2: 0, l3: 0, l4: 0)
    /// 4p, limb by limb: added before a subtraction so no limb goes below zero.
    private static let fourP = (l0: 4 * (mask - 18), rest: 4 * mask)

    init(l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64) {
        (self.l0, self.l1, self.l2, self.l3, self.l4) = (l0, l1, l2, l3, l4)
    }

    /// From 32 little-endian bytes, the top bit ignored (it carries a point's sign).
    init(bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count >= 32)
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        let (w0, w1, w2, w3) = (word(0), word(8), word(16), word(24))
        l0 = w0 & Self.mask
        l1 = (w0 >> 51 | w1 << 13) & Self.mask
        l2 = (w1 >> 38 | w2 << 26) & Self.mask
        l3 = (w2 >> 25 | w3 << 39) & Self.mask
        l4 = (w3 >> 12) & Self.mask
    }

    /// The canonical 32 little-endian bytes (the value reduced below p, top bit clear).
    var encoded: [UInt8] {
        var h = carried
        // h < 2p now; q = 1 exactly when h ≥ p, found by adding 19 and looking at bit 255.
        var q = (h.l0 + 19) >> 51
        q = (h.l1 + q) >> 51
        q = (h.l2 + q) >> 51
        q = (h.l3 + q) >> 51
        q = (h.l4 + q) >> 51
        h.l0 += 19 * q
        h.l1 += h.l0 >> 51; h.l0 &= Self.mask
        h.l2 += h.l1 >> 51; h.l1 &= Self.mask
        h.l3 += h.l2 >> 51; h.l2 &= Self.mask
        h.l4 += h.l3 >> 51; h.l3 &= Self.mask
        h.l4 &= Self.mask
        let words = [h.l0 | h.l1 << 51, h.l1 >> 13 | h.l2 << 38, h.l2 >> 26 | h.l3 << 25, h.l3 >> 39 | h.l4 << 12]
        var bytes = [UInt8](repeating: 0, count: 32)
        for (index, word) in words.enumerated() {
            for byte in 0..<8 { bytes[index * 8 + byte] = UInt8(truncatingIfNeeded: word >> (8 * byte)) }
        }
        return bytes
    }

    /// Odd in its canonical form: the sign of an x coordinate.
    var isNegative: Bool { encoded[0] & 1 == 1 }
    var isZero: Bool { encoded.allSatisfy { $0 == 0 } }

    /// Each limb back to 51 bits, what is carried out of the top coming back in at the bottom times 19.
    @inline(__always)
    private var carried: FieldElement {
        var h = self
        h.l1 &+= h.l0 >> 51; h.l0 &= Self.mask
        h.l2 &+= h.l1 >> 51; h.l1 &= Self.mask
        h.l3 &+= h.l2 >> 51; h.l2 &= Self.mask
        h.l4 &+= h.l3 >> 51; h.l3 &= Self.mask
        h.l0 &+= 19 &* (h.l4 >> 51); h.l4 &= Self.mask
        h.l1 &+= h.l0 >> 51; h.l0 &= Self.mask
        return h
    }

    @inline(__always)
    static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(l0: a.l0 &+ b.l0, l1: a.l1 &+ b.l1, l2: a.l2 &+ b.l2, l3: a.l3 &+ b.l3, l4: a.l4 &+ b.l4)
    }

    /// `b` must be carried (a product, a difference or a constant) or the sum of two such.
    @inline(__always)
    static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(l0: a.l0 &+ fourP.l0 &- b.l0, l1: a.l1 &+ fourP.rest &- b.l1, l2: a.l2 &+ fourP.rest &- b.l2,
                     l3: a.l3 &+ fourP.rest &- b.l3, l4: a.l4 &+ fourP.rest &- b.l4).carried
    }

    var negated: FieldElement { .zero - self }

    @inline(__always)
    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        let (b1x19, b2x19, b3x19, b4x19) = (b.l1 &* 19, b.l2 &* 19, b.l3 &* 19, b.l4 &* 19)
        let r0 = product(a.l0, b.l0) &+ product(a.l1, b4x19) &+ product(a.l2, b3x19) &+ product(a.l3, b2x19) &+ product(a.l4, b1x19)
        let r1 = product(a.l0, b.l1) &+ product(a.l1, b.l0) &+ product(a.l2, b4x19) &+ product(a.l3, b3x19) &+ product(a.l4, b2x19)
        let r2 = product(a.l0, b.l2) &+ product(a.l1, b.l1) &+ product(a.l2, b.l0) &+ product(a.l3, b4x19) &+ product(a.l4, b3x19)
        let r3 = product(a.l0, b.l3) &+ product(a.l1, b.l2) &+ product(a.l2, b.l1) &+ product(a.l3, b.l0) &+ product(a.l4, b4x19)
        let r4 = product(a.l0, b.l4) &+ product(a.l1, b.l3) &+ product(a.l2, b.l2) &+ product(a.l3, b.l1) &+ product(a.l4, b.l0)
        return reduced(r0, r1, r2, r3, r4)
    }

    @inline(__always)
    var squared: FieldElement {
        let (d0, d1, d2, d3) = (l0 &* 2, l1 &* 2, l2 &* 2, l3 &* 2)
        let (l3x19, l4x19) = (l3 &* 19, l4 &* 19)
        let product = Self.product
        let r0 = product(l0, l0) &+ product(d1, l4x19) &+ product(d2, l3x19)
        let r1 = product(d0, l1) &+ product(d2, l4x19) &+ product(l3, l3x19)
        let r2 = product(d0, l2) &+ product(l1, l1) &+ product(d3, l4x19)
        let r3 = product(d0, l3) &+ product(d1, l2) &+ product(l4, l4x19)
        let r4 = product(d0, l4) &+ product(d1, l3) &+ product(l2, l2)
        return Self.reduced(r0, r1, r2, r3, r4)
    }

    /// The element squared `count` times (raised to 2^count).
    func squared(times count: Int) -> FieldElement {
        var result = self
        for _ in 0..<count { result = result.squared }
        return result
    }

    /// The full 128-bit product (the bounds above keep every sum of them below 2¹²⁸: no checks).
    @inline(__always)
    private static func product(_ x: UInt64, _ y: UInt64) -> UInt128 { UInt128(x) &* UInt128(y) }

    /// Five 128-bit column sums carried into limbs of about 51 bits.
    @inline(__always)
    private static func reduced(_ r0: UInt128, _ r1: UInt128, _ r2: UInt128, _ r3: UInt128, _ r4: UInt128) -> FieldElement {
        let s1 = r1 &+ (r0 >> 51)
        let s2 = r2 &+ (s1 >> 51)
        let s3 = r3 &+ (s2 >> 51)
        let s4 = r4 &+ (s3 >> 51)
        let low = UInt128(UInt64(truncatingIfNeeded: r0) & mask) &+ (s4 >> 51) &* 19
        return FieldElement(l0: UInt64(truncatingIfNeeded: low) & mask,
                            l1: (UInt64(truncatingIfNeeded: s1) & mask) &+ UInt64(truncatingIfNeeded: low >> 51),
                            l2: UInt64(truncatingIfNeeded: s2) & mask, l3: UInt64(truncatingIfNeeded: s3) & mask,
                            l4: UInt64(truncatingIfNeeded: s4) & mask)
    }

    /// z^(2²⁵⁰ − 1) and z¹¹, the common start of inversion and of the square root's power.
    private var powerChain: (twoTo250MinusOne: FieldElement, eleven: FieldElement) {
        let z2 = squared
        let z9 = self * z2.squared(times: 2)
        let z11 = z9 * z2
        let z5_0 = z9 * z11.squared                     // z^(2⁵ − 1)
        let z10_0 = z5_0.squared(times: 5) * z5_0       // z^(2¹⁰ − 1)
        let z20_0 = z10_0.squared(times: 10) * z10_0
        let z40_0 = z20_0.squared(times: 20) * z20_0
        let z50_0 = z40_0.squared(times: 10) * z10_0
        let z100_0 = z50_0.squared(times: 50) * z50_0
        let z200_0 = z100_0.squared(times: 100) * z100_0
        let z250_0 = z200_0.squared(times: 50) * z50_0
        return (z250_0, z11)
    }

    /// z^(p − 2) = z⁻¹ (zero for zero).
    var inverted: FieldElement {
        let (z250_0, z11) = powerChain
        return z250_0.squared(times: 5) * z11           // z^(2²⁵⁵ − 21)
    }

    /// z^((p − 5) / 8) = z^(2²⁵² − 3), the power a square root is taken with.
    var powerPMinus5Over8: FieldElement {
        powerChain.twoTo250MinusOne.squared(times: 2) * self
    }
}
