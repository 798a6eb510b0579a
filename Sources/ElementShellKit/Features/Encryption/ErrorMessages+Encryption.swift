extension ErrorMessages {
    static func message(for error: EncryptionError) -> String {
        switch error {
        case .unknownDevice(let userID, let deviceID): L10n.errorUnknownDevice(clean(deviceID), clean(userID))
        case .fingerprintMismatch(let userID, let deviceID): L10n.errorFingerprintMismatch(clean(deviceID), clean(userID))
        case .passphraseUnavailable: L10n.errorPassphraseUnavailable
        case .passphraseFileUnreadable(let path): L10n.errorPassphraseFileUnreadable(clean(path))
        case .emptyPassphrase: L10n.errorEmptyPassphrase
        case .passphrasesDiffer: L10n.errorPassphrasesDiffer
        case .wrongPassphrase(let path): L10n.errorWrongPassphrase(clean(path))
        case .notAKeyExport(let path): L10n.errorNotAKeyExport(clean(path))
        case .fileExists(let path): L10n.errorKeyFileExists(clean(path))
        case .alreadyEncrypted(let roomName): L10n.errorAlreadyEncrypted(roomName.shown)
        case .notPermitted(let required, let own): L10n.errorPowerLevelTooLow("/encrypt", powerLevel(required), powerLevel(own))
        }
    }
}

extension ErrorCodes {
    static func code(for error: EncryptionError) -> String {
        switch error {
        case .unknownDevice: "unknown_device"
        case .fingerprintMismatch: "fingerprint_mismatch"
        case .passphraseUnavailable: "passphrase_unavailable"
        case .passphraseFileUnreadable: "passphrase_file_unreadable"
        case .emptyPassphrase: "empty_passphrase"
        case .passphrasesDiffer: "passphrases_differ"
        case .wrongPassphrase: "wrong_passphrase"
        case .notAKeyExport: "not_a_key_export"
        case .fileExists: "file_exists"
        case .alreadyEncrypted: "already_encrypted"
        case .notPermitted: "power_level_too_low"
        }
    }
}
