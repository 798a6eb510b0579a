import GRDB

/// A user's cross-signing identity as last fetched, and what this device made of it.
public struct IdentityRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "cross_signing_identity"

    public var userID: String
    /// The base64 Ed25519 master key now published.
    public var masterKey: String
    /// Trusted now: our own identity unlocked here, or one our user-signing key signed.
    public var isVerified: Bool
    /// The master key that was trusted last; another one since means the identity changed.
    public var verifiedMaster: String?

    public init(userID: String, masterKey: String, isVerified: Bool, verifiedMaster: String?) {
        self.userID = userID
        self.masterKey = masterKey
        self.isVerified = isVerified
        self.verifiedMaster = verifiedMaster
    }

    /// Someone trusted here before now shows another master key: Element's "identity changed",
    /// a warning until the user acknowledges it.
    public var hasChanged: Bool {
        !isVerified && verifiedMaster != nil && verifiedMaster != masterKey
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", masterKey = "master_key", isVerified = "verified", verifiedMaster = "verified_master"
    }
}
