/// Secrets another own device sent this one (after a verification, or once it signed this
/// device), checked against what the account publishes and kept.
public struct SecretsArrival: Sendable, Equatable {
    /// The master, self-signing and user-signing keys: this device can now verify others.
    public var crossSigning: Bool
    /// The backup's key: the history in the backup is readable here.
    public var backupKey: Bool
    /// Some secret asked for has not come yet.
    public var awaitsMore = false

    public init(crossSigning: Bool, backupKey: Bool, awaitsMore: Bool = false) {
        self.crossSigning = crossSigning
        self.backupKey = backupKey
        self.awaitsMore = awaitsMore
    }
}
