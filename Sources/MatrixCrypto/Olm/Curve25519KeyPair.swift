import Crypto
import Foundation

/// A Curve25519 private key with its public half; its description names the public half only.
struct Curve25519KeyPair: Sendable, CustomStringConvertible {
    private let privateKey: Curve25519.KeyAgreement.PrivateKey

    init() {
        privateKey = Curve25519.KeyAgreement.PrivateKey()
    }

    init(rawRepresentation bytes: Data) throws(MatrixCryptoError) {
        guard let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes) else {
            throw .malformed("Curve25519 private key")
        }
        privateKey = key
    }

    var rawRepresentation: Data { privateKey.rawRepresentation }
    var publicKey: Curve25519PublicKey { Curve25519PublicKey(privateKey.publicKey) }
    var description: String { "Curve25519KeyPair(public: \(publicKey.base64))" }

    /// ECDH(self, other). Cannot be all zeros: `Curve25519PublicKey` refuses small-order keys.
    func sharedSecret(with other: Curve25519PublicKey) -> Data {
        // X25519 only fails for keys of the wrong length, which these types cannot hold.
        try! privateKey.sharedSecretFromKeyAgreement(with: other.key).withUnsafeBytes { Data($0) }
    }
}

extension Curve25519KeyPair: Codable {
    init(from decoder: any Decoder) throws {
        try self.init(rawRepresentation: try decoder.singleValueContainer().decode(Data.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawRepresentation)
    }
}
