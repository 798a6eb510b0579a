import Foundation

/// The private key of a server-side key backup (`m.megolm_backup.v1.curve25519-aes-sha2`): a
/// Curve25519 key whose public half is in the backup's `auth_data`, so any device can add
/// sessions but only a holder of this key reads them. Its description names the public half only.
public struct BackupDecryptionKey: Sendable, CustomStringConvertible {
    private let keyPair: Curve25519KeyPair

    public init() {
        keyPair = Curve25519KeyPair()
    }

    /// From the secret `m.megolm_backup.v1`: the base64 of the key's 32 bytes, which some clients
    /// pad and others do not.
    public init(base64: String) throws(MatrixCryptoError) {
        guard let bytes = Data(unpaddedBase64: base64) else { throw .invalidBase64 }
        keyPair = try Curve25519KeyPair(rawRepresentation: bytes)
    }

    /// Unpadded, as Matrix writes keys; every reader of the secret accepts it.
    public var base64: String { keyPair.rawRepresentation.unpaddedBase64 }

    public var publicKey: Curve25519PublicKey { keyPair.publicKey }

    public var description: String { "BackupDecryptionKey(public: \(publicKey.base64))" }

    /// The plaintext JSON of one backed-up session, for `ExportedRoomKey(backedUp:roomID:sessionID:)`.
    public func decrypt(_ session: EncryptedBackupSession) throws(MatrixCryptoError) -> Data {
        try session.decrypt(with: keyPair)
    }
}
