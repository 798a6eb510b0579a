/// Why secret storage refused a key, a key description or a secret. Carries no key material,
/// no passphrase and no secret.
public enum SecretStorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Raw key bytes of another length than `SecretStorageKey.byteCount`.
    case invalidKeyLength(Int)
    /// PBKDF2 over no passphrase bytes would protect nothing.
    case emptyPassphrase
    /// A PBKDF2 iteration count of zero or less, or more than `SecretStoragePassphrase.maximumIterations`.
    case invalidIterations(Int)
    /// A passphrase that derives a key of another size than 256 bits.
    case unsupportedBitCount(Int)
    /// The named member is missing, of the wrong type, not base64 or of the wrong length; or,
    /// for `plaintext`, the decrypted secret is not UTF-8.
    case malformed(String)
    /// The MAC does not match: the key is wrong or the secret was altered (the two cannot be
    /// told apart).
    case badMAC

    public var description: String {
        switch self {
        case .invalidKeyLength(let count): "a secret storage key has 32 bytes, not \(count)"
        case .emptyPassphrase: "the secret storage passphrase is empty"
        case .invalidIterations(let count): "invalid PBKDF2 iteration count \(count)"
        case .unsupportedBitCount(let count): "unsupported passphrase key size of \(count) bits"
        case .malformed(let member): "malformed secret storage data: \(member)"
        case .badMAC: "wrong key, or the secret was altered"
        }
    }
}
