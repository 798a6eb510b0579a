/// The account's trusted identity: recovery (secret storage, cross-signing) and the key backup.
public enum TrustAction: Sendable, Equatable {
    /// `/recovery`: what is set up, and whether this device is verified.
    case recoveryStatus
    /// `/recovery KEY`, or `/recovery --passphrase` (`key` nil: the passphrase is asked for).
    case recover(key: String?)
    /// `/recovery setup`: a new identity, secret storage and backup on an account without them.
    /// Without `confirmed` the user is asked to confirm the recovery key was saved.
    case setUp(confirmed: Bool)
    /// `/recovery reset`: a new identity, secret storage and backup in place of the account's.
    /// Destructive: without `confirmed` it comes back as a question.
    case reset(confirmed: Bool)
    /// `/backup`: the server's backup and how much of this device's keys it holds.
    case backupStatus
    /// `/backup restore`: every room key of the backup, now.
    case restoreBackup
    /// `/backup on [KEY]`: the account's backup taken up, or a new one (its key put in secret
    /// storage when KEY, the recovery key, unlocks it).
    case turnBackupOn(key: String?)
    /// `/backup off`: the server's backup deleted, for every device of the account. Without
    /// `confirmed` it comes back as a question.
    case turnBackupOff(confirmed: Bool)
    /// `/whois USER`: the user's identity and devices, fresh from the server.
    case whois(user: String)
    /// `/verify USER --identity [FINGERPRINT]`: signs their master key with our user-signing key.
    case verifyIdentity(user: String, fingerprint: String?)
    /// `/verify --withdraw USER`: accepts the identity USER shows now, not verified, withdrawing
    /// a verification of the one before; messages it held go.
    case withdrawVerification(user: String)
    /// `/wait secrets`: until the secrets a verification with another own device asked for came.
    case waitForSecrets(timeout: Double)
}

extension TrustAction: CustomStringConvertible {
    /// Never the recovery key.
    public var description: String {
        switch self {
        case .recoveryStatus: "recoveryStatus"
        case .recover(let key): key == nil ? "recover(passphrase)" : "recover(key: <redacted>)"
        case .setUp(let confirmed): "setUp(confirmed: \(confirmed))"
        case .reset(let confirmed): "reset(confirmed: \(confirmed))"
        case .backupStatus: "backupStatus"
        case .restoreBackup: "restoreBackup"
        case .turnBackupOn(let key): key == nil ? "turnBackupOn" : "turnBackupOn(key: <redacted>)"
        case .turnBackupOff(let confirmed): "turnBackupOff(confirmed: \(confirmed))"
        case .whois(let user): "whois(user: \(user))"
        case .verifyIdentity(let user, _): "verifyIdentity(user: \(user))"
        case .withdrawVerification(let user): "withdrawVerification(user: \(user))"
        case .waitForSecrets(let timeout): "waitForSecrets(timeout: \(timeout))"
        }
    }
}

extension TrustAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .recoveryStatus, .recover, .setUp, .reset: .recovery
        case .backupStatus, .restoreBackup, .turnBackupOn, .turnBackupOff: .backup
        case .whois: .whois
        case .verifyIdentity: .verify
        case .withdrawVerification: .verify
        case .waitForSecrets: .wait
        }
    }
}
