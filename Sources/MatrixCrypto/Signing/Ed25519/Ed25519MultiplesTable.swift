/// Multiples of one point kept for multiplying it by many scalars without doublings: row j
/// holds 1·P_j … 8·P_j (P_j = 256^j·P), affine, so a scalar in 64 signed base-16 digits is 64
/// additions and 4 doublings (the odd digits' rows, times 16, then the even digits'). 30 kB.
final class Ed25519MultiplesTable: Sendable {
    private let entries: [AffineNielsPoint]

    /// The base point's, made on first use.
    static let base = Ed25519MultiplesTable(EdwardsPoint.base)

    init(_ point: EdwardsPoint) {
        var projective: [EdwardsPoint] = []
        projective.reserveCapacity(256)
        var rowPoint = point
        for row in 0..<32 {
            var multiple = rowPoint
            projective.append(multiple)
            for _ in 2...8 {
                multiple = multiple + rowPoint
                projective.append(multiple)
            }
            if row < 31 {
                for _ in 0..<8 { rowPoint = rowPoint.doubled }
            }
        }
        // One inversion for all 256 (Montgomery's trick): prefix products, then back down.
        var prefixes: [FieldElement] = []
        prefixes.reserveCapacity(256)
        var product = FieldElement.one
        for point in projective {
            product = product * point.z
            prefixes.append(product)
        }
        var inverse = product.inverted
        var inverses = [FieldElement](repeating: .one, count: 256)
        for index in stride(from: 255, to: 0, by: -1) {
            inverses[index] = inverse * prefixes[index - 1]
            inverse = inverse * projective[index].z
        }
        inverses[0] = inverse
        entries = zip(projective, inverses).map { AffineNielsPoint($0, inverseZ: $1) }
    }

    /// `point` plus digit·P_row (digit in [−8, 8]).
    @inline(__always)
    func adding(_ digit: Int8, ofRow row: Int, to point: EdwardsPoint) -> EdwardsPoint {
        if digit > 0 { return point + entries[row * 8 + Int(digit) - 1] }
        if digit < 0 { return point - entries[row * 8 + Int(-digit) - 1] }
        return point
    }
}
