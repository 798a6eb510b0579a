import Crypto
import Foundation

/// The spec's "Megolm ratchet algorithm": four 256-bit parts R(i,0…3) at counter i. Part j is
/// rehashed every 2^(8·(3−j)) steps and then reseeds the parts below it, so any jump forwards
/// costs at most 4 × 256 hashes.
struct MegolmRatchet: Sendable {
    static let partCount = 4
    static let partByteCount = 32
    static let byteCount = partCount * partByteCount

    private(set) var index: UInt32
    private var parts: [Data]

    init(index: UInt32, bytes: Data) throws {
        guard bytes.count == Self.byteCount else { throw MatrixCryptoError.malformed("Megolm ratchet length") }
        self.index = index
        parts = (0..<Self.partCount).map { part in
            let start = bytes.startIndex + part * Self.partByteCount
            return Data(bytes[start..<start + Self.partByteCount])
        }
    }

    /// A new ratchet of cryptographically secure random data, at index 0 ("Session setup").
    static func random() -> MegolmRatchet {
        let bytes = SymmetricKey(size: .init(bitCount: byteCount * 8)).withUnsafeBytes { Data($0) }
        return try! MegolmRatchet(index: 0, bytes: bytes)
    }

    var bytes: Data { parts.reduce(Data(), +) }

    /// Winds the ratchet forwards to `target`, which must not be behind it.
    mutating func advance(to target: UInt32) {
        precondition(target >= index, "a Megolm ratchet cannot go backwards")
        for part in 0..<Self.partCount {
            let shift = UInt32(8 * (Self.partCount - 1 - part))
            let steps = (target >> shift) - (index >> shift)
            guard steps > 0 else { continue }
            // Every step but the last only matters to this part itself.
            for _ in 1..<steps { parts[part] = Self.hash(parts[part], as: part) }
            // The last reseeds the lower parts from this part's value before it is rehashed.
            for lower in stride(from: Self.partCount - 1, through: part, by: -1) {
                parts[lower] = Self.hash(parts[part], as: lower)
            }
            index = (target >> shift) << shift
        }
    }

    /// H_j(A) = HMAC-SHA-256 keyed with A over the single byte j ("Advancing the ratchet").
    private static func hash(_ value: Data, as part: Int) -> Data {
        let key = value.withUnsafeBytes { HMACSHA256(key: $0) }
        return withUnsafeBytes(of: UInt8(part)) { Data(key.code(of: $0)) }
    }
}
