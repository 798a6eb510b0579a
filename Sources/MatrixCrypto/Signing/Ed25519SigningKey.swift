import Crypto
import Foundation

/// An Ed25519 key pair: a device's fingerprint key or a Megolm session's key (K). Its
/// description names the public half only, so logging one never leaks the secret.
public struct Ed25519SigningKey: Sendable, CustomStringConvertible {
    private let key: Curve25519.Signing.PrivateKey

    public init() {
        key = Curve25519.Signing.PrivateKey()
    }

    /// From the private key's bytes, as an `OlmAccount` stores them.
    init(rawRepresentation bytes: Data) throws(MatrixCryptoError) {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else {
            throw .malformed("Ed25519 private key")
        }
        self.key = key
    }

    var rawRepresentation: Data { key.rawRepresentation }

    public var publicKey: Ed25519PublicKey {
        Ed25519PublicKey(key.publicKey)
    }

    public func signature(for message: some DataProtocol) -> Data {
        // Ed25519 signing only fails for a malformed key, which this type cannot hold.
        try! key.signature(for: Data(message))
    }

    public var description: String {
        "Ed25519SigningKey(public: \(publicKey.base64))"
    }
}

public struct Ed25519PublicKey: Sendable, Hashable, CustomStringConvertible {
    public static let byteCount = 32
    public static let signatureByteCount = 64

    private let key: Curve25519.Signing.PublicKey

    init(_ key: Curve25519.Signing.PublicKey) {
        self.key = key
    }

    public init(rawRepresentation bytes: some ContiguousBytes) throws {
        do {
            key = try Curve25519.Signing.PublicKey(rawRepresentation: bytes)
        } catch {
            throw MatrixCryptoError.malformed("Ed25519 public key")
        }
    }

    public init(base64: String) throws {
        guard let bytes = Data(unpaddedBase64: base64) else { throw MatrixCryptoError.invalidBase64 }
        try self.init(rawRepresentation: bytes)
    }

    public var rawRepresentation: Data { key.rawRepresentation }
    public var base64: String { rawRepresentation.unpaddedBase64 }
    public var description: String { base64 }

    /// RFC 8032 verification (BoringSSL's semantics); a key that signs often is checked with its
    /// multiples kept (`Ed25519KeyMultiples`), about twice as fast.
    public func isValidSignature(_ signature: some DataProtocol, for message: some DataProtocol) -> Bool {
        let signature = Data(signature), message = Data(message)
        let publicKey = rawRepresentation
        guard let multiples = Ed25519KeyMultiples.shared.table(for: publicKey) else {
            return key.isValidSignature(signature, for: message)
        }
        return signature.withUnsafeBytes { signature in
            message.withUnsafeBytes { message in
                publicKey.withUnsafeBytes { publicKey in
                    Ed25519TableVerification.isValid(signature: signature, message: message, publicKey: publicKey, keyMultiples: multiples)
                }
            }
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawRepresentation == rhs.rawRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawRepresentation)
    }
}
