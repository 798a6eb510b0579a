import Foundation

/// A Megolm session's ratchet and public key as text (unpadded base64): either the signed
/// "Session sharing format" (version 2) an outbound session hands out, or the unsigned
/// "Session export format" (version 1) for backups and forwarding. Its description hides the
/// key, which decrypts every message from its index on.
public struct MegolmSessionKey: Sendable, Hashable, CustomStringConvertible {
    public let base64: String

    public init(base64: String) {
        self.base64 = base64
    }

    public var description: String { "MegolmSessionKey(redacted)" }
}

/// The byte layout both formats share: V ∥ i (big-endian 32-bit) ∥ R(i) ∥ Kpub.
enum MegolmSessionFormat {
    static let sharingVersion: UInt8 = 2
    static let exportVersion: UInt8 = 1
    private static let byteCount = 1 + 4 + MegolmRatchet.byteCount + Ed25519PublicKey.byteCount

    static func encode(_ ratchet: MegolmRatchet, publicKey: Ed25519PublicKey, version: UInt8) -> Data {
        var data = Data([version])
        withUnsafeBytes(of: ratchet.index.bigEndian) { data.append(contentsOf: $0) }
        data.append(ratchet.bytes)
        data.append(publicKey.rawRepresentation)
        return data
    }

    /// The ratchet and public key from the start of `data`, which must be `version` and exactly
    /// `trailingByteCount` bytes longer than the layout (the sharing format's signature).
    static func decode(_ data: Data, version: UInt8, trailingByteCount: Int) throws
        -> (ratchet: MegolmRatchet, publicKey: Ed25519PublicKey)
    {
        let data = Data(data)
        guard let found = data.first else { throw MatrixCryptoError.malformed("empty Megolm session key") }
        guard found == version else { throw MatrixCryptoError.unsupportedVersion(found) }
        guard data.count == byteCount + trailingByteCount else {
            throw MatrixCryptoError.malformed("Megolm session key length")
        }
        let index = data[1..<5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let ratchetEnd = 5 + MegolmRatchet.byteCount
        let ratchet = try MegolmRatchet(index: index, bytes: data[5..<ratchetEnd])
        let publicKey = try Ed25519PublicKey(rawRepresentation: data[ratchetEnd..<byteCount])
        return (ratchet, publicKey)
    }
}

/// As the bare base64 string Matrix JSON carries (`session_key` in key exports and forwards).
extension MegolmSessionKey: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(base64: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}
