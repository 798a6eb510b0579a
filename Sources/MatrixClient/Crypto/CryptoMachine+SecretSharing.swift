import Foundation
import MatrixCrypto
import MatrixJSON

/// Secret sharing between this user's own devices (`m.secret.request`, `m.secret.send`): a device
/// that holds the cross-signing keys and the backup key gives them to another device of the
/// account that it trusts, over Olm; a device verified without them asks for them. A secret is
/// taken only from a device the user verified here, and only when it is the published one.
extension CryptoMachine {
    static let secretRequestType = "m.secret.request"
    static let secretSendType = "m.secret.send"

    /// Answers a request from another device of this user that is verified here (by fingerprint,
    /// or cross-signed by our trusted identity): the secret goes back over Olm, to that device only.
    func answerSecretRequest(_ event: SyncEvent) async {
        let content = event.content
        guard event.sender == userID, content["action"]?.string == "request", let name = content["name"]?.string,
              let requestID = content["request_id"]?.string, let requester = content["requesting_device_id"]?.string,
              requester != deviceID, let secret = heldSecret(named: name),
              let device = try? await store.devices(of: [userID]).first(where: { $0.deviceID == requester }), device.isTrusted
        else { return }
        do {
            try await sendEncrypted(type: Self.secretSendType, content: ["request_id": .string(requestID), "secret": .string(secret)], to: device)
            logger.info("shared a secret with an own device", metadata: ["device": "\(requester)", "name": "\(name)"])
        } catch {
            logger.warning("secret not shared", metadata: ["device": "\(requester)", "error": "\(error)"])
        }
    }

    private func heldSecret(named name: String) -> String? {
        switch name {
        case SecretName.masterKey: crossSigning?.masterSeed
        case SecretName.selfSigningKey: crossSigning?.selfSigningSeed
        case SecretName.userSigningKey: crossSigning?.userSigningSeed
        case SecretName.backupKey: backupKey?.base64
        default: nil
        }
    }

    /// Once another device of the account signed this one, asks the account's devices for the
    /// secrets this device lacks; again after the user verifies another own device here.
    public func requestSecretsIfSigned() async {
        guard !secretsRequested,
              let own = try? await store.devices(of: [userID]).first(where: { $0.deviceID == deviceID }), own.isOwnerSigned
        else { return }
        await requestMissingSecrets()
    }

    /// Asks the account's other devices for the secrets this device lacks, now: an own device
    /// was just verified interactively, which trusts this one in turn. `false` when none lack.
    @discardableResult
    public func requestMissingSecrets() async -> Bool {
        let missing = (crossSigning == nil ? SecretName.crossSigning : []) + (backupKey == nil ? [SecretName.backupKey] : [])
        guard !missing.isEmpty else { return false }
        secretsRequested = true
        // Earlier requests stand too: a device may be answering one of them now (the other
        // device's signature of this one, seen first, asked already), and only its answer comes.
        for name in missing {
            let requestID = UUID().uuidString
            pendingSecretRequests[requestID] = name
            try? await store.addSecretRequest(id: requestID, name: name)
            let content: JSONValue = ["action": "request", "name": .string(name), "request_id": .string(requestID),
                                      "requesting_device_id": .string(deviceID)]
            do {
                try await keys.sendToDevice(type: Self.secretRequestType, transactionID: requestID, messages: [userID: ["*": content]])
            } catch {
                logger.warning("secret request not sent", metadata: ["name": "\(name)", "error": "\(error)"])
            }
        }
        logger.info("asked own devices for secrets", metadata: ["count": "\(missing.count)"])
        return true
    }

    /// Asks again at the next chance: the user verified another own device, which may answer.
    func allowNewSecretRequests() {
        secretsRequested = false
    }

    /// Takes a secret another own device sent over Olm in answer to one of our requests, from a
    /// device the user verified here; kept once it is what the account publishes.
    func takeSecret(_ plaintext: JSONValue, senderKey: String, sender: String) async {
        guard sender == userID, plaintext["type"]?.string == Self.secretSendType,
              let requestID = plaintext["content"]?["request_id"]?.string, let secret = plaintext["content"]?["secret"]?.string,
              let name = pendingSecretRequests[requestID] else { return }
        guard let device = try? await store.device(curve25519: senderKey), device.userID == userID, device.isVerified else {
            logger.warning("secret refused: not from a device verified here", metadata: ["name": "\(name)"])
            return
        }
        // Every request of that secret is answered: the other devices are told to stop.
        let answered = pendingSecretRequests.filter { $0.value == name }.map(\.key)
        for id in answered { pendingSecretRequests[id] = nil }
        try? await store.deleteSecretRequests(ids: answered)
        receivedSecrets[name] = secret
        await adoptReceivedSecrets()
        await withdrawSecretRequests(answered)
    }

    /// Tells the account's devices that these requests need no answer any more.
    private func withdrawSecretRequests(_ requestIDs: [String]) async {
        for requestID in requestIDs {
            let content: JSONValue = ["action": "request_cancellation", "request_id": .string(requestID), "requesting_device_id": .string(deviceID)]
            try? await keys.sendToDevice(type: Self.secretRequestType, transactionID: UUID().uuidString, messages: [userID: ["*": content]])
        }
    }

    /// Keeps the cross-signing keys once all three came and match the published identity, and the
    /// backup key once it opens the server's backup.
    private func adoptReceivedSecrets() async {
        if crossSigning == nil, let master = receivedSecrets[SecretName.masterKey], let selfSigning = receivedSecrets[SecretName.selfSigningKey],
           let userSigning = receivedSecrets[SecretName.userSigningKey] {
            guard let secrets = try? CrossSigningSecrets(master: master, selfSigning: selfSigning, userSigning: userSigning),
                  let answer = try? await keys.queryKeys(userIDs: [userID]),
                  let published = identity(of: userID, in: answer), secrets.matches(published),
                  (try? await keepSecrets([SecretName.masterKey: master, SecretName.selfSigningKey: selfSigning,
                                          SecretName.userSigningKey: userSigning])) != nil
            else {
                logger.warning("received cross-signing keys refused: not the published identity")
                for name in SecretName.crossSigning { receivedSecrets[name] = nil }
                return
            }
            crossSigning = secrets
            logger.info("received the cross-signing keys from an own device")
            await refreshTrust()
            secretsArrival = SecretsArrival(crossSigning: true, backupKey: secretsArrival?.backupKey ?? false)
        }
        if backupKey == nil, let text = receivedSecrets[SecretName.backupKey], let key = try? BackupDecryptionKey(base64: text),
           let trust, let current = try? await trust.backupVersion(),
           current["auth_data"].flatMap({ try? BackupAuthData(json: $0) })?.publicKey == key.publicKey,
           (try? await keepSecrets([SecretName.backupKey: text])) != nil {
            backupKey = key
            _ = try? await adoptServerBackup(on: trust)
            backupKeyShared = true
            logger.info("received the backup key from an own device")
            secretsArrival = SecretsArrival(crossSigning: secretsArrival?.crossSigning ?? false, backupKey: true)
        }
    }

    /// What own devices shared since the last call, with whether more is still asked for; `nil`
    /// when nothing came. The sync loop tells the app after restoring the backup.
    public func takeSecretsArrival() -> SecretsArrival? {
        guard var arrival = secretsArrival else { return nil }
        secretsArrival = nil
        arrival.awaitsMore = awaitsSecrets
        return arrival
    }

    /// Secrets came that `takeSecretsArrival` has not handed on yet: what they unlock (the backup's
    /// keys) may still be under way, and the app has not been told.
    public var hasUntoldSecretsArrival: Bool { secretsArrival != nil }

    /// Some secret this device lacks was asked for and has not come (in this run or an earlier one).
    public var awaitsSecrets: Bool {
        pendingSecretRequests.values.contains { name in
            name == SecretName.backupKey ? backupKey == nil : SecretName.crossSigning.contains(name) && crossSigning == nil
        }
    }
}
