import Foundation
import MatrixCrypto

/// The trusted identity's secrets on this device: read from secret storage with the recovery
/// key, kept sealed in the store, opened at start.
extension CryptoMachine {
    /// The stored secrets, opened. Cross-signing keys count only as a complete set.
    static func openSecrets(_ sealed: [String: Data], with cipher: PickleCipher) -> (CrossSigningSecrets?, BackupDecryptionKey?) {
        func open(_ name: String) -> String? {
            sealed[name].flatMap { try? cipher.open($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        var crossSigning: CrossSigningSecrets?
        if let master = open(SecretName.masterKey), let selfSigning = open(SecretName.selfSigningKey),
           let userSigning = open(SecretName.userSigningKey) {
            crossSigning = try? CrossSigningSecrets(master: master, selfSigning: selfSigning, userSigning: userSigning)
        }
        return (crossSigning, open(SecretName.backupKey).flatMap { try? BackupDecryptionKey(base64: $0) })
    }

    /// Seals and stores secrets by name, all or none.
    func keepSecrets(_ secrets: [String: String]) async throws(RecoveryError) {
        do {
            try await store.saveSecrets(secrets.mapValues { cipher.seal(Data($0.utf8)) })
        } catch {
            throw .storeUnavailable
        }
    }

    /// The key description of the account's default secret storage key, and its ID.
    func secretStorage(_ trust: any TrustService) async throws(RecoveryError) -> (keyID: String, description: SecretStorageKeyDescription) {
        guard let defaultKey = try await serverCall({ () throws(MatrixError) in try await trust.accountData(SecretStorageDefaultKey.eventType) }),
              let keyID = try? SecretStorageDefaultKey(json: defaultKey).keyID,
              let content = try await serverCall({ () throws(MatrixError) in
                  try await trust.accountData(SecretStorageKeyDescription.eventType(keyID: keyID))
              })
        else { throw .noSecretStorage }
        let description: SecretStorageKeyDescription
        do {
            description = try SecretStorageKeyDescription(json: content)
        } catch {
            throw .unsupportedAlgorithm(content["algorithm"]?.string ?? "")
        }
        guard description.algorithm == SecretStorageKeyDescription.aesHmacSha2 else { throw .unsupportedAlgorithm(description.algorithm) }
        return (keyID, description)
    }

    /// The secret `name` from secret storage under `keyID`; `nil` when it is not stored there.
    func storedSecret(_ name: String, keyID: String, key: SecretStorageKey, on trust: any TrustService) async throws(RecoveryError) -> String? {
        guard let content = try await serverCall({ () throws(MatrixError) in try await trust.accountData(name) }),
              let encrypted = content["encrypted"]?[keyID]
        else { return nil }
        do {
            return try EncryptedSecret(json: encrypted).decrypted(named: name, with: key)
        } catch {
            throw .secretTampered(name)
        }
    }

    /// Stores `secret` in secret storage under `keyID`.
    func storeSecret(_ secret: String, named name: String, keyID: String, key: SecretStorageKey,
                     on trust: any TrustService) async throws(RecoveryError) {
        let encrypted = EncryptedSecret.encrypting(secret, named: name, with: key)
        try await serverCall { () throws(MatrixError) in
            try await trust.setAccountData(["encrypted": .object([keyID: encrypted.json])], type: name)
        }
    }

    /// Runs a server call, its failure a `RecoveryError`.
    func serverCall<Value>(_ call: () async throws(MatrixError) -> Value) async throws(RecoveryError) -> Value {
        do throws(MatrixError) {
            return try await call()
        } catch {
            throw .server(error)
        }
    }

    /// The trust service, which every recovery step needs.
    var trustService: any TrustService {
        get throws(RecoveryError) {
            guard let trust else { throw .server(.encryptionRefused(.unavailable)) }
            return trust
        }
    }
}
