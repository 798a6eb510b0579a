import Foundation
import MatrixJSON

/// One secret encrypted under one secret storage key with `m.secret_storage.v1.aes-hmac-sha2`:
/// the object under the key's ID in the secret's account data (`encrypted.<key ID>`). The
/// secret's name (its account data type) is bound in through HKDF, so a ciphertext moved to
/// another name fails its MAC.
public struct EncryptedSecret: Sendable, Equatable {
    public let iv: Data
    public let ciphertext: Data
    public let mac: Data

    private init(iv: Data, ciphertext: Data, mac: Data) {
        self.iv = iv
        self.ciphertext = ciphertext
        self.mac = mac
    }

    /// Base64 padded or not. An IV of another length than 16 bytes is refused here, as it
    /// could never decrypt.
    public init(json: JSONValue) throws(SecretStorageError) {
        guard let iv = try json.base64Member("iv"), iv.count == SecretStorageCipher.ivByteCount else {
            throw .malformed("iv")
        }
        guard let ciphertext = try json.base64Member("ciphertext") else { throw .malformed("ciphertext") }
        guard let mac = try json.base64Member("mac") else { throw .malformed("mac") }
        self.init(iv: iv, ciphertext: ciphertext, mac: mac)
    }

    /// Unpadded base64, as the spec asks and matrix-rust-sdk writes; Element reads both.
    public var json: JSONValue {
        [
            "iv": .string(iv.unpaddedBase64), "ciphertext": .string(ciphertext.unpaddedBase64),
            "mac": .string(mac.unpaddedBase64),
        ]
    }

    /// `secret` encrypted as the secret `name` (e.g. `m.cross_signing.master`) under a fresh IV.
    public static func encrypting(_ secret: String, named name: String, with key: SecretStorageKey) -> Self {
        let cipher = SecretStorageCipher(key: key, name: name)
        let iv = SecretStorageCipher.randomIV()
        let ciphertext = cipher.applyKeystream(to: Data(secret.utf8), iv: iv)!  // a 16-byte IV, made here
        return Self(iv: iv, ciphertext: ciphertext, mac: cipher.mac(for: ciphertext))
    }

    /// The secret, once the MAC matched; nothing is decrypted before.
    public func decrypted(named name: String, with key: SecretStorageKey) throws(SecretStorageError) -> String {
        let cipher = SecretStorageCipher(key: key, name: name)
        guard cipher.isValidMAC(mac, for: ciphertext) else { throw .badMAC }
        // Both initializers make sure the IV has 16 bytes.
        let plaintext = cipher.applyKeystream(to: ciphertext, iv: iv)!
        guard let secret = String(validating: plaintext, as: UTF8.self) else { throw .malformed("plaintext") }
        return secret
    }
}
