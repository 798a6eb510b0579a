import Crypto
import Foundation

/// Seals crypto state (accounts, sessions) before it is stored: ChaCha20-Poly1305 under a key
/// kept apart from the store, so a copied database alone gives away no secret. Each seal has a
/// fresh nonce; opening checks the tag, so a changed blob is refused rather than misread.
public struct PickleCipher: Sendable, CustomStringConvertible {
    public static let keyByteCount = 32
    private let key: SymmetricKey

    public init(key: some ContiguousBytes) throws(MatrixCryptoError) {
        let key = SymmetricKey(data: key)
        guard key.bitCount == Self.keyByteCount * 8 else { throw .malformed("pickle key") }
        self.key = key
    }

    /// A new random key, for a store that has none yet.
    public static func generateKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    public func seal(_ plaintext: some DataProtocol) -> Data {
        // Only fails for a nonce of the wrong size, and the nonce is made here.
        try! ChaChaPoly.seal(plaintext, using: key).combined
    }

    public func open(_ sealed: Data) throws(MatrixCryptoError) -> Data {
        guard let box = try? ChaChaPoly.SealedBox(combined: sealed) else { throw .malformed("sealed state") }
        guard let plaintext = try? ChaChaPoly.open(box, using: key) else { throw .badMAC }
        return plaintext
    }

    public var description: String { "PickleCipher(redacted)" }
}
