import Foundation
import MatrixJSON

/// The `session_data` of one backed-up session (`m.megolm_backup.v1.curve25519-aes-sha2`): the
/// plaintext encrypted to the backup's public key with a fresh ephemeral key. Their ECDH secret
/// gives the AES-256-CBC key, the HMAC key and the IV through HKDF-SHA-256 with empty info.
///
/// The MAC was meant to cover the ciphertext, but libolm passed HMAC an empty string, and
/// libolm and vodozemac (so matrix-rust-sdk and Element) write only that form and accept only
/// it; the spec now describes it. Backups written here use it so those clients read them;
/// reading accepts either form, for writers that followed the spec's first text. Neither form
/// proves who wrote a session, since anyone with the public key can: only that the key is right.
public struct EncryptedBackupSession: Sendable, Hashable {
    public let ephemeral: Curve25519PublicKey
    public let ciphertext: Data
    public let mac: Data

    init(ephemeral: Curve25519PublicKey, ciphertext: Data, mac: Data) {
        self.ephemeral = ephemeral
        self.ciphertext = ciphertext
        self.mac = mac
    }

    /// From `session_data` as the server returns it (`{ephemeral, ciphertext, mac}`).
    public init(json: JSONValue) throws(MatrixCryptoError) {
        guard let ephemeral = json["ephemeral"]?.string, let ciphertext = json["ciphertext"]?.string,
            let mac = json["mac"]?.string
        else { throw .malformed("backup session_data") }
        guard let ciphertextBytes = Data(unpaddedBase64: ciphertext), let macBytes = Data(unpaddedBase64: mac) else {
            throw .invalidBase64
        }
        self.init(ephemeral: try Curve25519PublicKey(base64: ephemeral), ciphertext: ciphertextBytes, mac: macBytes)
    }

    public var json: JSONValue {
        ["ephemeral": .string(ephemeral.base64), "ciphertext": .string(ciphertext.unpaddedBase64), "mac": .string(mac.unpaddedBase64)]
    }

    /// `plaintext` (the JSON of `ExportedRoomKey.backupPlaintext`) for the backup whose
    /// `auth_data` names `publicKey`.
    public static func encrypting(_ plaintext: Data, for publicKey: Curve25519PublicKey) -> Self {
        let ephemeral = Curve25519KeyPair()
        let keys = CipherKeys(secret: ephemeral.sharedSecret(with: publicKey), purpose: .backup)
        return Self(ephemeral: ephemeral.publicKey, ciphertext: keys.encrypt(plaintext), mac: keys.mac(for: Data()))
    }

    /// The MAC is checked first, each form in constant time (which form matched is no secret),
    /// so a wrong key is `badMAC` rather than whatever its garbage decrypts to.
    func decrypt(with key: Curve25519KeyPair) throws(MatrixCryptoError) -> Data {
        let keys = CipherKeys(secret: key.sharedSecret(with: ephemeral), purpose: .backup)
        guard keys.isValidMAC(mac, for: Data()) || keys.isValidMAC(mac, for: ciphertext) else { throw .badMAC }
        return try keys.decrypt(ciphertext)
    }
}
