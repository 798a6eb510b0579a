/// What `/recovery` and `/backup` produced.
public enum TrustOutcome: Sendable, Equatable {
    case recoveryStatus(RecoveryStatus)
    /// `/recovery KEY`: this device is verified; `restored` when the backup's keys came down.
    case recovered(backupVersion: String?, restored: BackupRestore?)
    /// `/recovery setup`: the new identity's recovery key, and whether the user was shown it
    /// already (in the question that asked whether it was saved).
    case recoverySetUp(recoveryKey: String, backupVersion: String, alreadyShown: Bool)
    case backupStatus(RecoveryStatus)
    case backupRestored(BackupRestore)
    /// `/whois`, `/verify --identity`, `/unverify --identity`: where the user's identity stands now.
    case identity(IdentitySummary)
}

/// Where the account's trusted identity stands, as `/recovery` and `/backup` show it.
public struct RecoveryStatus: Sendable, Equatable {
    /// The account publishes a cross-signing identity.
    public var hasCrossSigning: Bool
    /// This device holds the account's cross-signing keys and is signed by them.
    public var isDeviceVerified: Bool
    /// The account has secret storage (a default key).
    public var hasSecretStorage: Bool
    /// The server's current backup version, and how many room keys it holds.
    public var backupVersion: String?
    public var backupKeyCount: Int?
    /// This device uploads its room keys to that backup.
    public var isBackingUp: Bool
    /// This device's room keys, and how many of them are in the backup.
    public var roomKeyCount: Int
    public var backedUpKeyCount: Int

    public init(hasCrossSigning: Bool, isDeviceVerified: Bool, hasSecretStorage: Bool, backupVersion: String?, backupKeyCount: Int?,
                isBackingUp: Bool, roomKeyCount: Int, backedUpKeyCount: Int) {
        self.hasCrossSigning = hasCrossSigning
        self.isDeviceVerified = isDeviceVerified
        self.hasSecretStorage = hasSecretStorage
        self.backupVersion = backupVersion
        self.backupKeyCount = backupKeyCount
        self.isBackingUp = isBackingUp
        self.roomKeyCount = roomKeyCount
        self.backedUpKeyCount = backedUpKeyCount
    }
}
