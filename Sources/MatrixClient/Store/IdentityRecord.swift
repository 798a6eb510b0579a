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
    /// The master key this device accepted: the first it saw, one verified, or one the user
    /// accepted after a change. Another one published since is a change to warn about.
    public var pinnedMaster: String?

    public init(userID: String, masterKey: String, isVerified: Bool, verifiedMaster: String?, pinnedMaster: String? = nil) {
        self.userID = userID
        self.masterKey = masterKey
        self.isVerified = isVerified
        self.verifiedMaster = verifiedMaster
        self.pinnedMaster = pinnedMaster ?? masterKey
    }

    /// Someone verified here before now shows another master key (Element's verification
    /// violation): their devices lose their trust and messages to them are held until the user
    /// verifies the new identity or withdraws the verification.
    public var hasVerificationViolation: Bool {
        !isVerified && verifiedMaster != nil && verifiedMaster != masterKey
    }

    /// Someone never verified here shows another master key than the one accepted (a pin
    /// violation): a warning, sending goes on.
    public var hasPinViolation: Bool {
        !isVerified && !hasVerificationViolation && pinnedMaster != masterKey
    }

    /// The user accepted the identity now published: pinned, and a verification it broke withdrawn.
    public func accepted() -> IdentityRecord {
        var record = self
        record.pinnedMaster = masterKey
        if !isVerified { record.verifiedMaster = nil }
        return record
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", masterKey = "master_key", isVerified = "verified", verifiedMaster = "verified_master"
        case pinnedMaster = "pinned_master"
    }
}
