/// The secrets a trusted identity keeps in secret storage, by their account data type.
enum SecretName {
    static let masterKey = "m.cross_signing.master"
    static let selfSigningKey = "m.cross_signing.self_signing"
    static let userSigningKey = "m.cross_signing.user_signing"
    static let backupKey = "m.megolm_backup.v1"

    static let crossSigning = [masterKey, selfSigningKey, userSigningKey]
    /// Only in this device's store: the recovery key of a `/recovery setup` not yet finished,
    /// its keys under `pending(name)`, and whether it replaces an identity.
    static let pendingRecoveryKey = "element-shell.pending_recovery_key"
    static let pendingReset = "element-shell.pending_reset"

    static func pending(_ name: String) -> String {
        "element-shell.pending." + name
    }

    static let pendingSetup = [pendingRecoveryKey, pendingReset] + (crossSigning + [backupKey]).map(pending)
}
