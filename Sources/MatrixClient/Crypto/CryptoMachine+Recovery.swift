import Foundation
import MatrixCrypto
import MatrixJSON

/// `/recovery`: unlocking the account's secret storage with the recovery key (or its
/// passphrase), which verifies this device and opens the key backup.
extension CryptoMachine {
    /// Unlocks secret storage with a recovery key: stores the cross-signing keys and the backup
    /// key, signs this device and publishes the signature, and starts using the backup. A wrong
    /// key, a tampered secret or keys that are not the published ones change nothing.
    public func recover(with key: SecretStorageKey) async throws(RecoveryError) -> RecoveryOutcome {
        let trust = try trustService
        let (keyID, description) = try await secretStorage(trust)
        guard description.isUnlocked(by: key) else { throw .wrongKey }
        return try await recover(keyID: keyID, key: key, on: trust)
    }

    /// The same with the passphrase secret storage was made with; the key derivation (PBKDF2,
    /// hundreds of thousands of rounds) runs away from the machine, which sync needs meanwhile.
    public func recover(passphrase: String) async throws(RecoveryError) -> RecoveryOutcome {
        let trust = try trustService
        let (keyID, description) = try await secretStorage(trust)
        guard let derivation = description.passphrase else { throw .passphraseNotSupported }
        let key = await Task.detached { try? derivation.key(fromPassphrase: passphrase) }.value
        guard let key, description.isUnlocked(by: key) else { throw .wrongKey }
        return try await recover(keyID: keyID, key: key, on: trust)
    }

    private func recover(keyID: String, key: SecretStorageKey, on trust: any TrustService) async throws(RecoveryError) -> RecoveryOutcome {
        var secrets: [String: String] = [:]
        for name in SecretName.crossSigning {
            guard let secret = try await storedSecret(name, keyID: keyID, key: key, on: trust) else { throw .secretMissing(name) }
            secrets[name] = secret
        }
        guard let crossSigning = try? CrossSigningSecrets(master: secrets[SecretName.masterKey] ?? "",
                                                         selfSigning: secrets[SecretName.selfSigningKey] ?? "",
                                                         userSigning: secrets[SecretName.userSigningKey] ?? "")
        else { throw .identityMismatch }
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        guard let published = identity(of: userID, in: answer), crossSigning.matches(published) else { throw .identityMismatch }
        var backup: BackupDecryptionKey?
        if let secret = try await storedSecret(SecretName.backupKey, keyID: keyID, key: key, on: trust) {
            guard let key = try? BackupDecryptionKey(base64: secret) else { throw .secretTampered(SecretName.backupKey) }
            backup = key
            secrets[SecretName.backupKey] = secret
        }
        // Kept before anything is published: a restart after this point signs again, never loses them.
        try await keepSecrets(secrets)
        // A setup begun here before can never finish now: the account has this identity.
        try? await store.deleteSecrets(named: SecretName.pendingSetup)
        self.crossSigning = crossSigning
        if let backup { backupKey = backup }
        try await signOwnDevice(with: crossSigning, on: trust)
        await refreshTrust()
        // An account whose backup was turned off keeps it off.
        let version = (try? await backupPreference(on: trust)) == .off ? nil : try? await adoptServerBackup(on: trust)
        logger.info("recovered the cross-signing identity", metadata: ["backup": "\(version ?? "none")"])
        return RecoveryOutcome(backupVersion: version, canRestore: version != nil && backupKey != nil)
    }

    /// Starts using the server's current backup when it can be trusted: its key is the one
    /// unlocked here, or its `auth_data` is signed by our trusted master key. Returns its version.
    @discardableResult
    func adoptServerBackup(on trust: any TrustService) async throws(RecoveryError) -> String {
        guard let current = try await serverCall({ () throws(MatrixError) in try await trust.backupVersion() }),
              let version = current["version"]?.string
        else { throw .noBackup }
        guard current["algorithm"]?.string == BackupAuthData.algorithm,
              let authData = current["auth_data"].flatMap({ try? BackupAuthData(json: $0) })
        else { throw .untrustedBackup }
        let signedByUs = ownIdentity.map { authData.isSigned(by: $0.master.key, userID: userID) } ?? false
        guard backupKey?.publicKey == authData.publicKey || signedByUs else {
            logger.warning("backup refused: not signed by a trusted key", metadata: ["version": "\(version)"])
            throw .untrustedBackup
        }
        do {
            try await store.setKeyBackup(KeyBackupRecord(version: version, publicKey: authData.publicKey.base64))
        } catch {
            throw .storeUnavailable
        }
        return version
    }
}

/// What `/recovery KEY` achieved beyond verifying this device.
public struct RecoveryOutcome: Sendable, Equatable {
    /// The backup this device now uses; `nil` when the account has none it can trust.
    public var backupVersion: String?
    /// The backup's key was in secret storage, so its room keys can be restored.
    public var canRestore: Bool
}
