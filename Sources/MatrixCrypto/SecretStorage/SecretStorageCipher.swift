import Crypto
import CryptoExtras
import Foundation

/// The keys of `m.secret_storage.v1.aes-hmac-sha2` for one secret name: AES key ∥ MAC key =
/// HKDF-SHA-256(salt 32 zero bytes, the storage key, info the name, 64). The key check of a
/// key description is the same with the empty name.
struct SecretStorageCipher {
    static let ivByteCount = 16

    private let aesKey: SymmetricKey
    private let macKey: SymmetricKey

    init(key: SecretStorageKey, name: String) {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: key.key, salt: Data(count: 32), info: Data(name.utf8), outputByteCount: 64
        ).withUnsafeBytes { Data($0) }
        aesKey = SymmetricKey(data: derived.prefix(32))
        macKey = SymmetricKey(data: derived.suffix(32))
    }

    /// 16 random bytes with bit 63 cleared: some AES-CTR implementations (Element's WebCrypto
    /// call, Android's) count in the low 64 bits only and would wrap where others carry.
    static func randomIV() -> Data {
        var iv = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        iv[8] &= 0x7F
        return iv
    }

    /// AES-256-CTR from the 128-bit counter block `iv`; the same call encrypts and decrypts.
    /// Nil for an IV of another length than 16 bytes.
    func applyKeystream(to bytes: Data, iv: Data) -> Data? {
        guard iv.count == Self.ivByteCount, let nonce = try? AES._CTR.Nonce(nonceBytes: iv) else { return nil }
        return try! AES._CTR.encrypt(bytes, using: aesKey, nonce: nonce)
    }

    func mac(for ciphertext: Data) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: ciphertext, using: macKey))
    }

    /// Compared in constant time (swift-crypto's `safeCompare`), so timing tells nothing about
    /// how much of a forged MAC was right.
    func isValidMAC(_ mac: Data, for ciphertext: Data) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: ciphertext, using: macKey)
    }
}
