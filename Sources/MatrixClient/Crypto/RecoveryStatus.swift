/// Where the account's trusted identity stands, as the server and this device's store
/// tell it.
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
    /// Whether the account's clients are to back up their keys (`m.key_backup`); `nil` when none said.
    public var backupPreference: KeyBackupPreference?

    public init(hasCrossSigning: Bool, isDeviceVerified: Bool, hasSecretStorage: Bool, backupVersion: String?, backupKeyCount: Int?,
                isBackingUp: Bool, roomKeyCount: Int, backedUpKeyCount: Int, backupPreference: KeyBackupPreference? = nil) {
        self.hasCrossSigning = hasCrossSigning
        self.isDeviceVerified = isDeviceVerified
        self.hasSecretStorage = hasSecretStorage
        self.backupVersion = backupVersion
        self.backupKeyCount = backupKeyCount
        self.isBackingUp = isBackingUp
        self.roomKeyCount = roomKeyCount
        self.backedUpKeyCount = backedUpKeyCount
        self.backupPreference = backupPreference
    }
}
