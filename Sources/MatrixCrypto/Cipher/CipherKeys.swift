import Crypto
import CryptoExtras
import Foundation

/// AES_KEY ∥ HMAC_KEY ∥ AES_IV = HKDF-SHA-256(salt 0, secret, info, 80): the keys for one
/// message, from a Megolm ratchet R(i) ("MEGOLM_KEYS"), an Olm message key M(i,j) ("OLM_KEYS")
/// or a key backup's ECDH secret (empty info). The zero salt is written as no bytes here, one
/// zero byte in vodozemac and 32 in the spec's backup section: the same key, as HMAC pads its
/// key with zeros to the block size.
struct CipherKeys {
    enum Purpose: String {
        case megolm = "MEGOLM_KEYS"
        case olm = "OLM_KEYS"
        case backup = ""
    }

    static let macByteCount = 8

    private let aesKey: SymmetricKey
    private let macKey: HMACSHA256
    private let iv: AES._CBC.IV

    init(secret: Data, purpose: Purpose) {
        let derived = secret.withUnsafeBytes { HMACSHA256.derive(from: $0, info: Array(purpose.rawValue.utf8), count: 80) }
        aesKey = SymmetricKey(data: derived[0..<32])
        macKey = HMACSHA256(key: Array(derived[32..<64]))
        iv = try! AES._CBC.IV(ivBytes: derived[64..<80])
    }

    /// AES-256-CBC with PKCS#7 padding.
    func encrypt(_ plaintext: some DataProtocol) -> Data {
        try! AES._CBC.encrypt(plaintext, using: aesKey, iv: iv)
    }

    func decrypt(_ ciphertext: Data) throws(MatrixCryptoError) -> Data {
        do {
            return try AES._CBC.decrypt(ciphertext, using: aesKey, iv: iv)
        } catch {
            throw .malformed("ciphertext padding")
        }
    }

    /// HMAC-SHA-256 truncated to its first 8 bytes.
    func mac(for bytes: Data) -> Data {
        Data(bytes.withUnsafeBytes { macKey.code(of: $0) }.prefix(Self.macByteCount))
    }

    func isValidMAC(_ mac: Data, for bytes: Data) -> Bool {
        let expected = self.mac(for: bytes)
        guard mac.count == expected.count else { return false }
        // Constant time: every byte is compared whatever the first difference.
        return zip(mac, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
