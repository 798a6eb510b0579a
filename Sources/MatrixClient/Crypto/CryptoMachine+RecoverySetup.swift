import Foundation
import MatrixCrypto
import MatrixJSON

/// `/recovery setup` and `/recovery reset`: a new cross-signing identity, secret storage and key
/// backup, made here. The new keys are made and stored first under pending names, with the
/// recovery key, so a setup killed at any step is finished by the next one with the same keys
/// instead of making a second identity, and the keys in use stay as they are until the new
/// identity is published; the pending secrets go once everything is.
extension CryptoMachine {
    /// The recovery key of the setup being made (or left unfinished). Nothing is published yet.
    /// `replacing` makes a new identity on an account that has one (a reset).
    public func beginRecoverySetup(replacing: Bool = false) async throws(RecoveryError) -> String {
        let stored = (try? await store.secrets()) ?? [:]
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        let published = identity(of: userID, in: answer)
        if let pending = openPendingSetup(stored) {
            let isPublished = published.map { pending.secrets.matches($0) } ?? false
            if isPublished || pending.isReset == replacing && (replacing || published == nil) { return pending.key.recoveryKey }
            // Another device made an identity meanwhile: this setup can never finish.
            try? await store.deleteSecrets(named: SecretName.pendingSetup)
        }
        guard replacing || published == nil && answer["master_keys"]?[userID] == nil else { throw .alreadySetUp }
        let key = SecretStorageKey(), crossSigning = CrossSigningSecrets(), backup = BackupDecryptionKey()
        var secrets = Self.secretValues(crossSigning, backup).reduce(into: [SecretName.pendingRecoveryKey: key.recoveryKey]) {
            $0[SecretName.pending($1.key)] = $1.value
        }
        if replacing { secrets[SecretName.pendingReset] = "1" }
        try await keepSecrets(secrets)
        return key.recoveryKey
    }

    /// Forgets a setup the user did not confirm, unless its identity is published already (or
    /// the server cannot say): then a later `/recovery setup` finishes it.
    public func cancelRecoverySetup() async {
        guard let answer = try? await keys.queryKeys(userIDs: [userID]) else { return }
        if let pending = openPendingSetup((try? await store.secrets()) ?? [:]), let published = identity(of: userID, in: answer),
           pending.secrets.matches(published) { return }
        try? await store.deleteSecrets(named: SecretName.pendingSetup)
    }

    /// Publishes the pending setup: the cross-signing keys (answering the server's authentication
    /// challenge through `authenticate`), then keeps them as the keys in use, this device's
    /// signature, a backup version, the secrets in secret storage and, last, its default key.
    /// Returns the backup version.
    public func finishRecoverySetup(authenticate: @Sendable (AuthenticationChallenge) async -> JSONValue?) async throws(RecoveryError) -> String {
        let trust = try trustService
        guard let pending = openPendingSetup((try? await store.secrets()) ?? [:]) else { throw .storeUnavailable }
        try await publishIdentity(pending.secrets, replacing: pending.isReset, on: trust, authenticate: authenticate)
        try await keepSecrets(Self.secretValues(pending.secrets, pending.backup))
        crossSigning = pending.secrets
        backupKey = pending.backup
        try await signOwnDevice(with: pending.secrets, on: trust)
        let version = try await createBackup(for: pending.backup, signedWith: pending.secrets, on: trust)
        try await writeSecretStorage(key: pending.key, secrets: pending.secrets, backup: pending.backup, on: trust)
        try? await store.deleteSecrets(named: SecretName.pendingSetup)
        await refreshTrust()
        logger.info("set up recovery", metadata: ["backup": "\(version)", "reset": "\(pending.isReset)"])
        return version
    }

    /// The secrets by their secret-storage names.
    private static func secretValues(_ crossSigning: CrossSigningSecrets, _ backup: BackupDecryptionKey) -> [String: String] {
        [SecretName.masterKey: crossSigning.masterSeed, SecretName.selfSigningKey: crossSigning.selfSigningSeed,
         SecretName.userSigningKey: crossSigning.userSigningSeed, SecretName.backupKey: backup.base64]
    }

    /// The setup begun and not finished, from its pending secrets.
    private func openPendingSetup(_ stored: [String: Data]) -> PendingSetup? {
        func open(_ name: String) -> String? {
            stored[name].flatMap { try? cipher.open($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        guard let keyText = open(SecretName.pendingRecoveryKey), let key = try? SecretStorageKey(recoveryKey: keyText),
              let master = open(SecretName.pending(SecretName.masterKey)),
              let selfSigning = open(SecretName.pending(SecretName.selfSigningKey)),
              let userSigning = open(SecretName.pending(SecretName.userSigningKey)),
              let secrets = try? CrossSigningSecrets(master: master, selfSigning: selfSigning, userSigning: userSigning),
              let backup = open(SecretName.pending(SecretName.backupKey)).flatMap({ try? BackupDecryptionKey(base64: $0) })
        else { return nil }
        return PendingSetup(key: key, secrets: secrets, backup: backup, isReset: stored[SecretName.pendingReset] != nil)
    }

    /// Uploads the public cross-signing keys, unless the server has these already (a resumed
    /// setup); over another identity only when `replacing`.
    private func publishIdentity(_ secrets: CrossSigningSecrets, replacing: Bool, on trust: any TrustService,
                                 authenticate: @Sendable (AuthenticationChallenge) async -> JSONValue?) async throws(RecoveryError) {
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        if let published = identity(of: userID, in: answer) {
            if secrets.matches(published) { return }
            guard replacing else { throw .alreadySetUp }
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
        try await mark(.on, on: trust)
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
        // Counted once what the device holds has gone up, not while the sync loop's upload runs.
        await backUpRoomKeys()
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
                              roomKeyCount: counts.total, backedUpKeyCount: counts.backedUp,
                              backupPreference: try await backupPreference(on: trust))
    }
}

/// A setup's keys, kept under pending names until its identity is published.
private struct PendingSetup {
    let key: SecretStorageKey
    let secrets: CrossSigningSecrets
    let backup: BackupDecryptionKey
    let isReset: Bool
}
