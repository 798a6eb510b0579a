import Foundation
import MatrixCrypto
import MatrixJSON

/// Turning the key backup off and on (`/backup off`, `/backup on`), said to every client of the
/// account through `KeyBackupPreference`, and followed when another client says it.
extension CryptoMachine {
    /// The account's preference, fresh from the server; `nil` when no client said one.
    public func backupPreference() async throws(RecoveryError) -> KeyBackupPreference? {
        let trust = try trustService
        return try await backupPreference(on: trust)
    }

    func backupPreference(on trust: any TrustService) async throws(RecoveryError) -> KeyBackupPreference? {
        let stable = try await serverCall { () throws(MatrixError) in try await trust.accountData(KeyBackupPreference.eventType) }
        let unstable = try await serverCall { () throws(MatrixError) in try await trust.accountData(KeyBackupPreference.unstableEventType) }
        return KeyBackupPreference(stable: stable, unstable: unstable)
    }

    /// Says the preference to the account's other clients, in both events Element X reads.
    func mark(_ preference: KeyBackupPreference, on trust: any TrustService) async throws(RecoveryError) {
        for (type, content) in preference.accountData {
            try await serverCall { () throws(MatrixError) in try await trust.setAccountData(content, type: type) }
        }
    }

    /// Turns the backup off for the account, as Element X's "key storage" switch does: the
    /// preference first (so no client makes a new backup meanwhile), then the server's backup is
    /// deleted. This device keeps its room keys. Returns the version deleted.
    public func turnBackupOff() async throws(RecoveryError) -> String? {
        let trust = try trustService
        let current = try await serverCall { () throws(MatrixError) in try await trust.backupVersion() }?["version"]?.string
        try await mark(.off, on: trust)
        if let current { try await serverCall { () throws(MatrixError) in try await trust.deleteBackupVersion(current) } }
        await stopBackingUp()
        logger.info("turned the key backup off", metadata: ["deleted": "\(current ?? "none")"])
        return current
    }

    /// Turns the backup on: the account's backup when this device can trust it, else a new one
    /// (its `auth_data` signed by this device and, when unlocked here, the master key), whose
    /// key goes into secret storage when `secretStorageKey` unlocks it, so the recovery key
    /// restores it on a new device. Every room key held here goes up with the next upload.
    public func turnBackupOn(secretStorageKey: SecretStorageKey?) async throws(RecoveryError) -> BackupActivation {
        let trust = try trustService
        // The key is checked first: a wrong one changes nothing.
        var storage: (keyID: String, key: SecretStorageKey)?
        if let secretStorageKey {
            let (keyID, description) = try await secretStorage(trust)
            guard description.isUnlocked(by: secretStorageKey) else { throw .wrongKey }
            storage = (keyID, secretStorageKey)
        }
        if let version = try? await adoptServerBackup(on: trust) {
            try await mark(.on, on: trust)
            return BackupActivation(version: version, isNew: false, isInSecretStorage: false)
        }
        let backup = BackupDecryptionKey()
        let authData: JSONValue
        do {
            let plain = BackupAuthData(publicKey: backup.publicKey).json
            let signedByMaster = try crossSigning.map { try plain.signed(by: $0.masterKey, userID: userID) } ?? plain
            authData = try account.signed(signedByMaster, userID: userID, deviceID: deviceID)
        } catch {
            throw .storeUnavailable
        }
        // Kept before the backup exists: a backup whose key was lost would take keys nobody can read.
        try await keepSecrets([SecretName.backupKey: backup.base64])
        backupKey = backup
        try await mark(.on, on: trust)
        _ = try await serverCall { () throws(MatrixError) in
            try await trust.createBackupVersion(algorithm: BackupAuthData.algorithm, authData: authData)
        }
        let version = try await adoptServerBackup(on: trust)
        if let storage { try await storeSecret(backup.base64, named: SecretName.backupKey, keyID: storage.keyID, key: storage.key, on: trust) }
        logger.info("turned the key backup on", metadata: ["version": "\(version)", "in_secret_storage": "\(storage != nil)"])
        return BackupActivation(version: version, isNew: true, isInSecretStorage: storage != nil)
    }

    /// Follows what a sync says of the preference: another client turning the backup off stops
    /// this device's uploads (asked again first: a response made before this device turned it
    /// back on may still say off).
    func follow(_ preference: KeyBackupPreference?) async {
        guard preference == .off, (try? await store.keyBackup()) != nil, let trust,
              (try? await backupPreference(on: trust)) == .off else { return }
        logger.info("the key backup was turned off on another device")
        await stopBackingUp()
    }

    /// Forgets the backup this device used and its key: nothing more goes up.
    private func stopBackingUp() async {
        try? await store.deleteKeyBackup()
        try? await store.deleteSecrets(named: [SecretName.backupKey])
        backupKey = nil
    }
}

/// What `/backup on` did.
public struct BackupActivation: Sendable, Equatable {
    public var version: String
    /// A new backup was made (else the account's was taken up).
    public var isNew: Bool
    /// Its key went into secret storage.
    public var isInSecretStorage: Bool

    public init(version: String, isNew: Bool, isInSecretStorage: Bool) {
        self.version = version
        self.isNew = isNew
        self.isInSecretStorage = isInSecretStorage
    }
}
