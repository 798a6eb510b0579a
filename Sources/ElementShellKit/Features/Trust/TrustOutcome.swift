import MatrixClient

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
    /// `/backup on`: the backup this device now uses.
    case backupTurnedOn(BackupActivation)
    /// `/backup off`: the version deleted (`nil` when the account had none).
    case backupTurnedOff(deletedVersion: String?)
    /// `/whois`, `/verify --identity`: where the user's identity stands now.
    case identity(IdentityView)
    /// `/verify --withdraw`: the identity accepted, what it was before (`changed`: a verification
    /// withdrawn; `reset`: a change accepted; else nothing had changed) and how many held messages go now.
    case identityAccepted(IdentityView, before: IdentitySummary.State, releasedMessages: Int)
}
