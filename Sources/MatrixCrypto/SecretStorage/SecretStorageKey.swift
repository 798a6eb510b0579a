import Crypto
import CryptoExtras
import Foundation

/// The key of the account's secret storage ("Secrets" in the client-server API): 32 random
/// bytes, or bytes derived from a passphrase, that every stored secret is encrypted under. The
/// user holds it as a recovery key (`recoveryKey`). Its description shows none of its bytes, so
/// logging one never leaks it.
public struct SecretStorageKey: Sendable, Equatable, CustomStringConvertible {
    public static let byteCount = 32

    /// Compared in constant time by swift-crypto's `==`.
    let key: SymmetricKey

    /// A new random key.
    public init() {
        key = SymmetricKey(size: .bits256)
    }

    public init(rawRepresentation bytes: some ContiguousBytes) throws(SecretStorageError) {
        let key = SymmetricKey(data: bytes)
        guard key.bitCount == Self.byteCount * 8 else { throw .invalidKeyLength(key.bitCount / 8) }
        self.key = key
    }

    /// The key's bytes, for the client to seal at rest (with `PickleCipher`) and read back
    /// with `init(rawRepresentation:)`. Never to be logged or shown: show `recoveryKey`, once.
    public var rawRepresentation: Data {
        key.withUnsafeBytes { Data($0) }
    }

    /// The spec's `m.pbkdf2`: PBKDF2-HMAC-SHA-512 over the passphrase's UTF-8 bytes, with the
    /// salt string's UTF-8 bytes as they are (it is text, not base64), as Element and
    /// matrix-rust-sdk do.
    public static func derived(
        fromPassphrase passphrase: String, salt: String, iterations: Int, bitCount: Int = 256
    ) throws(SecretStorageError) -> Self {
        guard !passphrase.isEmpty else { throw .emptyPassphrase }
        guard (1...SecretStoragePassphrase.maximumIterations).contains(iterations) else {
            throw .invalidIterations(iterations)
        }
        // The spec lets `bits` vary, but this key feeds HKDF as exactly 32 bytes everywhere
        // (matrix-rust-sdk ignores `bits`); no client writes anything but 256.
        guard bitCount == byteCount * 8 else { throw .unsupportedBitCount(bitCount) }
        // The checked variant refuses fewer than 210,000 rounds, and keys made by other clients
        // (and the published test vectors) use fewer.
        let derived = try! KDF.Insecure.PBKDF2.deriveKey(
            from: Data(passphrase.utf8), salt: Data(salt.utf8), using: .sha512,
            outputByteCount: byteCount, unsafeUncheckedRounds: iterations)
        return try! Self(rawRepresentation: derived)
    }

    public var description: String { "SecretStorageKey(redacted)" }
}
