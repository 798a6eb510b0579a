/// A point of edwards25519 (−x² + y² = 1 + d·x²·y²) in extended coordinates: x = X/Z, y = Y/Z,
/// T = X·Y/Z. Formulas of Hisil, Wong, Carter and Dawson (2008) for a = −1.
struct EdwardsPoint {
    var x, y, z, t: FieldElement

    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)
    static let d = constant([
        0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
        0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
    ])
    static let twiceD = constant([
        0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
        0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24,
    ])
    static let squareRootOfMinusOne = constant([
        0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
        0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b,
    ])
    /// The base point B, y = 4/5 with x even.
    static let base = EdwardsPoint(encoded: [0x58] + [UInt8](repeating: 0x66, count: 31))!

    private static func constant(_ bytes: [UInt8]) -> FieldElement {
        bytes.withUnsafeBytes { FieldElement(bytes: $0) }
    }

    /// The point a 32-byte encoding names (y, and x's sign in the top bit), or nil when no point
    /// has that y. As BoringSSL reads public keys: a y of p or more is taken modulo p, and x = 0
    /// with the sign bit set is x = 0.
    init?(encoded bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        let y = bytes.withUnsafeBytes { FieldElement(bytes: $0) }
        let yy = y.squared
        let u = yy - .one
        let v = Self.d * yy + .one
        let v3 = v.squared * v
        var x = u * v3 * (u * v3.squared * v).powerPMinus5Over8
        let check = v * x.squared
        if !(check - u).isZero {
            guard (check + u).isZero else { return nil }
            x = x * Self.squareRootOfMinusOne
        }
        if x.isNegative != (bytes[31] >> 7 == 1) { x = x.negated }
        self.init(x: x, y: y, z: .one, t: x * y)
    }

    init(x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement) {
        (self.x, self.y, self.z, self.t) = (x, y, z, t)
    }

    /// The canonical 32-byte encoding.
    var encoded: [UInt8] {
        let inverse = z.inverted
        var bytes = (y * inverse).encoded
        if (x * inverse).isNegative { bytes[31] |= 0x80 }
        return bytes
    }

    var doubled: EdwardsPoint {
        let a = x.squared, b = y.squared
        let zz = z.squared
        let h = a + b
        let e = h - (x + y).squared
        let g = a - b
        let f = zz + zz + g
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    static func + (p: EdwardsPoint, q: EdwardsPoint) -> EdwardsPoint {
        let a = (p.y - p.x) * (q.y - q.x)
        let b = (p.y + p.x) * (q.y + q.x)
        let c = p.t * twiceD * q.t
        let zz = p.z * q.z
        let d = zz + zz
        return completed(e: b - a, f: d - c, g: d + c, h: b + a)
    }

    static func + (p: EdwardsPoint, q: AffineNielsPoint) -> EdwardsPoint {
        let a = (p.y - p.x) * q.yMinusX
        let b = (p.y + p.x) * q.yPlusX
        let c = p.t * q.xy2d
        let d = p.z + p.z
        return completed(e: b - a, f: d - c, g: d + c, h: b + a)
    }

    /// p − q: q's negation (−x, y) swaps its y ± x and negates its xy2d.
    static func - (p: EdwardsPoint, q: AffineNielsPoint) -> EdwardsPoint {
        let a = (p.y - p.x) * q.yPlusX
        let b = (p.y + p.x) * q.yMinusX
        let c = p.t * q.xy2d
        let d = p.z + p.z
        return completed(e: b - a, f: d + c, g: d - c, h: b + a)
    }

    private static func completed(e: FieldElement, f: FieldElement, g: FieldElement, h: FieldElement) -> EdwardsPoint {
        EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }
}

/// A point with Z = 1 kept as (y + x, y − x, 2d·x·y): added to an extended point in seven products.
struct AffineNielsPoint {
    let yPlusX, yMinusX, xy2d: FieldElement

    /// From a point whose 1/Z is known.
    init(_ point: EdwardsPoint, inverseZ: FieldElement) {
        let x = point.x * inverseZ, y = point.y * inverseZ
        yPlusX = y + x
        yMinusX = y - x
        xy2d = x * y * EdwardsPoint.twiceD
    }
}
