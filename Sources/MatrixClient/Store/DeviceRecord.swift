import GRDB
import MatrixCrypto
import MatrixJSON

/// A device of a user as `/keys/query` reported it, once its keys' self-signature checked out.
public struct DeviceRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device"

    public var userID: String
    public var deviceID: String
    /// Identity key: Olm sessions with the device and the `sender_key` of its messages.
    public var curve25519: String
    /// Fingerprint key: signs the device's keys and its Megolm sessions' claims.
    public var ed25519: String
    public var displayName: String?
    /// The user compared the fingerprint out of band (`/devices verify`).
    public var isVerified = false
    /// Its owner's self-signing key signed it: its owner vouches for it, as Element counts.
    public var isOwnerSigned = false
    /// Owner-signed, and that owner's identity is trusted here (ours, unlocked with the recovery
    /// key, or one our user-signing key signed).
    public var isCrossSigned = false

    public init(userID: String, deviceID: String, curve25519: String, ed25519: String, displayName: String? = nil,
                isVerified: Bool = false) {
        self.userID = userID
        self.deviceID = deviceID
        self.curve25519 = curve25519
        self.ed25519 = ed25519
        self.displayName = displayName
        self.isVerified = isVerified
    }

    /// The device from its entry in a `/keys/query` answer, or `nil` when the entry is not what
    /// the device itself signed for `userID`/`deviceID` (a server cannot swap in other keys) or
    /// the device cannot speak Olm.
    init?(signedKeys: JSONValue, userID: String, deviceID: String) {
        guard signedKeys["user_id"]?.string == userID, signedKeys["device_id"]?.string == deviceID,
              signedKeys["algorithms"]?.array?.contains(.string(CryptoAlgorithm.olm)) == true,
              let curve25519 = signedKeys["keys"]?["curve25519:\(deviceID)"]?.string,
              let ed25519 = signedKeys["keys"]?["ed25519:\(deviceID)"]?.string,
              let publicKey = try? Ed25519PublicKey(base64: ed25519),
              signedKeys.hasValidSignature(by: publicKey, entity: userID, keyID: deviceID)
        else { return nil }
        self.init(userID: userID, deviceID: deviceID, curve25519: curve25519, ed25519: ed25519,
                  displayName: signedKeys["unsigned"]?["device_display_name"]?.string)
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", deviceID = "device_id", curve25519, ed25519, displayName = "display_name", isVerified = "verified"
        case isOwnerSigned = "owner_signed"
        case isCrossSigned = "cross_signed"
    }

    /// Verified either way: its messages carry no warning.
    public var isTrusted: Bool { isVerified || isCrossSigned }
}
