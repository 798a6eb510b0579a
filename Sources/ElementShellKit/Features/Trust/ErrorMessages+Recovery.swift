import MatrixClient

extension ErrorMessages {
    static func message(for error: RecoveryError) -> String {
        switch error {
        case .noSecretStorage: L10n.errorRecoveryNoSecretStorage
        case .wrongKey: L10n.errorRecoveryWrongKey
        case .malformedKey: L10n.errorRecoveryMalformedKey
        case .passphraseNotSupported: L10n.errorRecoveryNoPassphrase
        case .unsupportedAlgorithm(let algorithm): L10n.errorRecoveryUnsupportedAlgorithm(clean(algorithm))
        case .secretMissing(let name): L10n.errorRecoverySecretMissing(clean(name))
        case .secretTampered(let name): L10n.errorRecoverySecretTampered(clean(name))
        case .identityMismatch: L10n.errorRecoveryIdentityMismatch
        case .alreadySetUp: L10n.errorRecoveryAlreadySetUp
        case .authenticationUnsupported: L10n.errorRecoveryAuthenticationUnsupported
        case .noBackup: L10n.errorBackupNone
        case .untrustedBackup: L10n.errorBackupUntrusted
        case .crossSigningLocked: L10n.errorRecoveryCrossSigningLocked
        case .noIdentity(let userID): L10n.errorRecoveryNoIdentity(clean(userID))
        case .identityFingerprintMismatch(let userID): L10n.errorRecoveryIdentityFingerprintMismatch(clean(userID))
        case .server(let error): message(for: error)
        case .storeUnavailable: message(for: ShellError.storeUnavailable)
        }
    }
}

extension ErrorCodes {
    static func code(for error: RecoveryError) -> String {
        switch error {
        case .noSecretStorage: "no_secret_storage"
        case .wrongKey: "wrong_recovery_key"
        case .malformedKey: "malformed_recovery_key"
        case .passphraseNotSupported: "no_recovery_passphrase"
        case .unsupportedAlgorithm: "unsupported_secret_storage"
        case .secretMissing: "secret_missing"
        case .secretTampered: "secret_tampered"
        case .identityMismatch: "identity_mismatch"
        case .alreadySetUp: "recovery_already_set_up"
        case .authenticationUnsupported: "authentication_unsupported"
        case .noBackup: "no_backup"
        case .untrustedBackup: "untrusted_backup"
        case .crossSigningLocked: "cross_signing_locked"
        case .noIdentity: "no_identity"
        case .identityFingerprintMismatch: "fingerprint_mismatch"
        case .server(let error): code(for: error)
        case .storeUnavailable: code(for: ShellError.storeUnavailable)
        }
    }
}
