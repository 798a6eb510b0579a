import MatrixJSON

/// The `auth_data` of a backup version (`m.megolm_backup.v1.curve25519-aes-sha2`): the public
/// key sessions are encrypted to, with signatures by the user's devices or master cross-signing
/// key. A client backs up only to a key it trusts (signed by a key it verified, or one whose
/// private half it holds): the server could otherwise put its own key there and read every
/// session sent to it.
public struct BackupAuthData: Sendable, Hashable {
    public static let algorithm = "m.megolm_backup.v1.curve25519-aes-sha2"

    public let publicKey: Curve25519PublicKey
    /// As given, members this type does not know included: signatures cover them too.
    public let json: JSONValue

    private init(publicKey: Curve25519PublicKey, json: JSONValue) {
        self.publicKey = publicKey
        self.json = json
    }

    /// Unsigned, for a new backup version.
    public init(publicKey: Curve25519PublicKey) {
        self.init(publicKey: publicKey, json: ["public_key": .string(publicKey.base64)])
    }

    public init(json: JSONValue) throws(MatrixCryptoError) {
        guard case .object = json else { throw .notAnObject }
        guard let publicKey = json["public_key"]?.string else { throw .malformed("auth_data public_key") }
        self.init(publicKey: try Curve25519PublicKey(base64: publicKey), json: json)
    }

    /// With a signature by the master cross-signing key `key`; signatures already there stay.
    public func signed(by key: Ed25519SigningKey, userID: String) throws -> BackupAuthData {
        BackupAuthData(publicKey: publicKey, json: try json.signed(by: key, userID: userID))
    }

    /// With this device's signature; signatures already there stay.
    public func signed(by account: OlmAccount, userID: String, deviceID: String) throws -> BackupAuthData {
        BackupAuthData(publicKey: publicKey, json: try account.signed(json, userID: userID, deviceID: deviceID))
    }

    /// Whether the device `deviceID` of `userID` (or, without it, the cross-signing key `key`)
    /// signed this `auth_data` with `key`.
    public func isSigned(by key: Ed25519PublicKey, userID: String, deviceID: String? = nil) -> Bool {
        json.isSigned(by: key, userID: userID, deviceID: deviceID)
    }
}
