import Crypto
import CryptoExtras
import Foundation

/// Attachments in encrypted rooms (spec, "Sending encrypted attachments"): AES-256-CTR under a
/// key of their own, the SHA-256 of the ciphertext beside it in the event.
public enum AttachmentCipher {
    /// The file encrypted under a new random key, with the keys and hash the event carries.
    public static func encrypt(_ plaintext: Data) -> (ciphertext: Data, keys: AttachmentKeys) {
        let key = SymmetricKey(size: .bits256)
        // Eight random bytes and a counter from zero: readers that count in the low 64 bits only
        // (Android's) never reach a carry.
        let iv = SymmetricKey(size: SymmetricKeySize(bitCount: 64)).withUnsafeBytes { Data($0) } + Data(count: 8)
        let ciphertext = try! AES._CTR.encrypt(plaintext, using: key, nonce: AES._CTR.Nonce(nonceBytes: iv))
        let keys = AttachmentKeys(key: key.withUnsafeBytes { Data($0) }, iv: iv, sha256: Data(SHA256.hash(data: ciphertext)))
        return (ciphertext, keys)
    }

    /// The file, once its ciphertext's hash is the one the event gave.
    public static func decrypt(_ ciphertext: Data, with keys: AttachmentKeys) throws(AttachmentError) -> Data {
        guard keys.key.count == 32, let nonce = try? AES._CTR.Nonce(nonceBytes: keys.iv) else { throw .malformedKeys }
        guard Data(SHA256.hash(data: ciphertext)) == keys.sha256 else { throw .hashMismatch }
        return try! AES._CTR.encrypt(ciphertext, using: SymmetricKey(data: keys.key), nonce: nonce)
    }
}
