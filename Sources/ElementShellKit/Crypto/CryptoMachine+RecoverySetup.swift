import Foundation
import MatrixCrypto
import MatrixJSON

/// `/recovery setup`: a new cross-signing identity, secret storage and key backup, made here.
/// The keys are made and stored first, with the recovery key kept as a pending secret, so a
/// setup killed at any step is finished by the next `/recovery setup` with the same keys
/// instead of a second identity; the pending secret goes once everything is published.
extension CryptoMachine {
    /// The recovery key of the setup being made (or left unfinished). Nothing is published yet.
    public func beginRecoverySetup() async throws(RecoveryError) -> String {
        let stored = (try? await store.secrets()) ?? [:]
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        let published = identity(of: userID, in: answer)
        if let pending = stored[SecretName.pendingRecoveryKey].flatMap({ try? cipher.open($0) }) {
            let (secrets, _) = Self.openSecrets(stored, with: cipher)
            if published == nil || published.map({ secrets?.matches($0) == true }) == true { return String(decoding: pending, as: UTF8.self) }
            // Another device made the identity meanwhile: this setup can never finish.
            try? await store.deleteSecrets(named: [SecretName.pendingRecoveryKey])
        }
        guard published == nil, answer["master_keys"]?[userID] == nil else { throw .alreadySetUp }
        let key = SecretStorageKey(), crossSigning = CrossSigningSecrets(), backup = BackupDecryptionKey()
        try await keepSecrets([
            SecretName.pendingRecoveryKey: key.recoveryKey,
            SecretName.masterKey: crossSigning.masterSeed,
            SecretName.selfSigningKey: crossSigning.selfSigningSeed,
            SecretName.userSigningKey: crossSigning.userSigningSeed,
            SecretName.backupKey: backup.base64,
        ])
        return key.recoveryKey
    }

    /// Forgets a setup the user did not confirm, unless its identity is published already (or
    /// the server cannot say): then a later `/recovery setup` finishes it.
    public func cancelRecoverySetup() async {
        guard let answer = try? await keys.queryKeys(userIDs: [userID]), identity(of: userID, in: answer) == nil else { return }
        try? await store.deleteSecrets(named: [SecretName.pendingRecoveryKey] + SecretName.crossSigning + [SecretName.backupKey])
        crossSigning = nil
        backupKey = nil
    }

    /// Publishes the pending setup: the cross-signing keys (answering the server's authentication
    /// challenge through `authenticate`), this device's signature, a backup version, then the
    /// secrets in secret storage and, last, its default key. Returns the backup version.
    public func finishRecoverySetup(authenticate: @Sendable (AuthenticationChallenge) async -> JSONValue?) async throws(RecoveryError) -> String {
        let trust = try trustService
        let stored = (try? await store.secrets()) ?? [:]
        let (secrets, backup) = Self.openSecrets(stored, with: cipher)
        guard let keyText = stored[SecretName.pendingRecoveryKey].flatMap({ try? cipher.open($0) }),
              let key = try? SecretStorageKey(recoveryKey: String(decoding: keyText, as: UTF8.self)),
              let secrets, let backup
        else { throw .storeUnavailable }
        try await publishIdentity(secrets, on: trust, authenticate: authenticate)
        crossSigning = secrets
        backupKey = backup
        try await signOwnDevice(with: secrets, on: trust)
        let version = try await createBackup(for: backup, signedWith: secrets, on: trust)
        try await writeSecretStorage(key: key, secrets: secrets, backup: backup, on: trust)
        try? await store.deleteSecrets(named: [SecretName.pendingRecoveryKey])
        await refreshTrust()
        logger.info("set up recovery", metadata: ["backup": "\(version)"])
        return version
    }

    /// Uploads the public cross-signing keys, unless the server has these already (a resumed setup).
    private func publishIdentity(_ secrets: CrossSigningSecrets, on trust: any TrustService,
                                 authenticate: @Sendable (AuthenticationChallenge) async -> JSONValue?) async throws(RecoveryError) {
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        if let published = identity(of: userID, in: answer) {
            guard secrets.matches(published) else { throw .alreadySetUp }
            return
        }
        let publicKeys = secrets.publicKeys(userID: userID)
        var auth: JSONValue?
        while let challenge = try await serverCall({ () throws(MatrixError) in
            try await trust.uploadCrossSigningKeys(master: publicKeys.master, selfSigning: publicKeys.selfSigning,
                                                   userSigning: publicKeys.userSigning, auth: auth)
        }) {
            // A second challenge after an answer means the answer was refused (a wrong password).
            guard auth == nil, let answer = await authenticate(challenge) else {
                throw auth == nil ? .authenticationUnsupported : .server(.forbidden(message: ""))
            }
            auth = answer
        }
        logger.info("published cross-signing keys", metadata: ["master": "\(secrets.masterKey.publicKey.base64)"])
    }

    /// The server's backup when it is this key's (a resumed setup), or a new version whose
    /// `auth_data` this device and the master key sign.
    private func createBackup(for backup: BackupDecryptionKey, signedWith secrets: CrossSigningSecrets,
                              on trust: any TrustService) async throws(RecoveryError) -> String {
        if let version = try? await adoptServerBackup(on: trust) { return version }
        let authData: JSONValue
        do {
            let signedByMaster = try BackupAuthData(publicKey: backup.publicKey).json.signed(by: secrets.masterKey, userID: userID)
            authData = try account.signed(signedByMaster, userID: userID, deviceID: deviceID)
        } catch {
            throw .storeUnavailable
        }
        _ = try await serverCall { () throws(MatrixError) in
            try await trust.createBackupVersion(algorithm: BackupAuthData.algorithm, authData: authData)
        }
        return try await adoptServerBackup(on: trust)
    }

    /// A new secret storage key with the four secrets, made the default last: until then, other
    /// clients see no secret storage rather than an incomplete one.
    private func writeSecretStorage(key: SecretStorageKey, secrets: CrossSigningSecrets, backup: BackupDecryptionKey,
                                    on trust: any TrustService) async throws(RecoveryError) {
        let keyID = Self.newSecretStorageKeyID()
        let description = SecretStorageKeyDescription.describing(key)
        try await serverCall { () throws(MatrixError) in
            try await trust.setAccountData(description.json, type: SecretStorageKeyDescription.eventType(keyID: keyID))
        }
        let values = [SecretName.masterKey: secrets.masterSeed, SecretName.selfSigningKey: secrets.selfSigningSeed,
                      SecretName.userSigningKey: secrets.userSigningSeed, SecretName.backupKey: backup.base64]
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            try await storeSecret(value, named: name, keyID: keyID, key: key, on: trust)
        }
        try await serverCall { () throws(MatrixError) in
            try await trust.setAccountData(SecretStorageDefaultKey(keyID: keyID).json, type: SecretStorageDefaultKey.eventType)
        }
    }

    /// A key ID for secret storage: 32 letters and digits, as other clients make them.
    private static func newSecretStorageKeyID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    /// Where the account's trusted identity stands, from the server and this device's store.
    public func recoveryStatus() async throws(RecoveryError) -> RecoveryStatus {
        let trust = try trustService
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        let published = identity(of: userID, in: answer)
        let ownKeys = answer["device_keys"]?[userID]?[deviceID] ?? .null
        let verified = published.map { isTrusted($0, of: userID) && $0.hasSigned(deviceKeys: ownKeys, userID: userID, deviceID: deviceID) } ?? false
        let defaultKey = try await serverCall { () throws(MatrixError) in try await trust.accountData(SecretStorageDefaultKey.eventType) }
        let backup = try await serverCall { () throws(MatrixError) in try await trust.backupVersion() }
        let used = try? await store.keyBackup()
        let counts = (try? await store.roomKeyCounts()) ?? (total: 0, backedUp: 0)
        return RecoveryStatus(hasCrossSigning: published != nil, isDeviceVerified: verified, hasSecretStorage: defaultKey != nil,
                              backupVersion: backup?["version"]?.string, backupKeyCount: backup?["count"]?.int,
                              isBackingUp: used != nil && used?.version == backup?["version"]?.string,
                              roomKeyCount: counts.total, backedUpKeyCount: counts.backedUp)
    }
}
