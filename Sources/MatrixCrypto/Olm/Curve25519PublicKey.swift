import Crypto
import Foundation

/// A Curve25519 public key: a device's identity key, a one-time or fallback key, a ratchet key.
/// Keys of small order are refused when read, as vodozemac refuses them: every shared secret
/// with one is zero whatever the private key, so it would let a peer choose the session keys.
public struct Curve25519PublicKey: Sendable, Hashable, CustomStringConvertible {
    public static let byteCount = 32

    let key: Curve25519.KeyAgreement.PublicKey

    init(_ key: Curve25519.KeyAgreement.PublicKey) {
        self.key = key
    }

    public init(rawRepresentation bytes: some ContiguousBytes) throws(MatrixCryptoError) {
        guard let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes),
            Self.isContributory(key)
        else { throw .malformed("Curve25519 public key") }
        self.key = key
    }

    public init(base64: String) throws(MatrixCryptoError) {
        guard let bytes = Data(unpaddedBase64: base64) else { throw .invalidBase64 }
        try self.init(rawRepresentation: bytes)
    }

    public var rawRepresentation: Data { key.rawRepresentation }
    public var base64: String { rawRepresentation.unpaddedBase64 }
    public var description: String { base64 }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawRepresentation == rhs.rawRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawRepresentation)
    }

    /// X25519 clamps private keys to multiples of the cofactor, so the shared secret is zero for
    /// every private key exactly when it is zero for one: any one will do as the probe.
    private static let probe = Curve25519.KeyAgreement.PrivateKey()

    private static func isContributory(_ key: Curve25519.KeyAgreement.PublicKey) -> Bool {
        let secret = try? probe.sharedSecretFromKeyAgreement(with: key)
        return secret?.withUnsafeBytes { $0.contains { $0 != 0 } } ?? false
    }
}

/// Unpadded base64, as Matrix writes keys.
extension Curve25519PublicKey: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(base64: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}
