import Foundation
import MatrixCrypto
import MatrixJSON

/// Cross-signing: whose identities are trusted here, which devices they signed, and signing this
/// device once its account's keys are unlocked.
extension CryptoMachine {
    /// The consistent cross-signing identity of `userID` in a `/keys/query` answer; `nil` when the
    /// user has none or what the server shows does not hold together (keys not signed by the master).
    func identity(of userID: String, in answer: JSONValue) -> CrossSigningIdentity? {
        guard let master = answer["master_keys"]?[userID].flatMap({ try? CrossSigningPublicKey(json: $0) }) else { return nil }
        let selfSigning = answer["self_signing_keys"]?[userID].flatMap { try? CrossSigningPublicKey(json: $0) }
        let userSigning = answer["user_signing_keys"]?[userID].flatMap { try? CrossSigningPublicKey(json: $0) }
        do {
            return try CrossSigningIdentity(master: master, selfSigning: selfSigning, userSigning: userSigning)
        } catch {
            logger.warning("cross-signing identity refused", metadata: ["user": "\(userID)"])
            return nil
        }
    }

    /// This account's identity as its unlocked private keys make it.
    var ownIdentity: CrossSigningIdentity? {
        guard let keys = crossSigning?.publicKeys(userID: userID) else { return nil }
        return try? CrossSigningIdentity(master: CrossSigningPublicKey(json: keys.master),
                                         selfSigning: CrossSigningPublicKey(json: keys.selfSigning),
                                         userSigning: CrossSigningPublicKey(json: keys.userSigning))
    }

    /// Whether `identity` (of `userID`) is trusted here: ours, matching the keys unlocked here, or
    /// another user's whose master key our user-signing key signed.
    func isTrusted(_ identity: CrossSigningIdentity, of userID: String) -> Bool {
        if userID == self.userID { return crossSigning?.matches(identity) == true }
        return ownIdentity?.hasSigned(masterKey: identity.master) == true
    }

    /// Records what each user's identity in a `/keys/query` answer is to us now. The first master
    /// key seen of a user is pinned, and so is a trusted one, which is also remembered as
    /// verified: another key later is a change, told once as it comes.
    func updateIdentities(of userIDs: [String], from identities: [String: CrossSigningIdentity]) async {
        let known = (try? await store.identities(of: userIDs)) ?? [:]
        var records: [IdentityRecord] = []
        for (userID, identity) in identities {
            let master = identity.master.key.base64
            let trusted = isTrusted(identity, of: userID)
            let before = known[userID]
            let record = IdentityRecord(userID: userID, masterKey: master, isVerified: trusted,
                                        verifiedMaster: trusted ? master : before?.verifiedMaster,
                                        pinnedMaster: trusted ? master : before?.pinnedMaster)
            // Our own identity is told only when it was trusted here: a device not verified yet
            // has nothing to lose, and the user reset it themselves most likely.
            if before?.masterKey != master, record.hasVerificationViolation || record.hasPinViolation && userID != self.userID {
                logger.warning("identity changed", metadata: ["user": "\(userID)", "master": "\(master)",
                                                               "was_verified": "\(record.hasVerificationViolation)"])
                changedIdentities.append(IdentityChange(userID: userID, wasVerified: record.hasVerificationViolation))
            }
            records.append(record)
        }
        try? await store.saveIdentities(records)
    }

    /// Signs this device with the account's self-signing key and publishes the signature, so
    /// other clients see it as verified.
    func signOwnDevice(with secrets: CrossSigningSecrets, on trust: any TrustService) async throws(RecoveryError) {
        let signed: JSONValue
        do {
            signed = try secrets.signingDevice(deviceKeys, userID: userID)
        } catch {
            throw .identityMismatch
        }
        let failures = try await serverCall { () throws(MatrixError) in try await trust.uploadSignatures([userID: [deviceID: signed]]) }
        if failures.object?.isEmpty == false {
            logger.warning("device signature refused", metadata: ["device": "\(deviceID)"])
            throw .server(.forbidden(message: ""))
        }
        logger.info("signed this device with the self-signing key", metadata: ["device": "\(deviceID)"])
    }

    /// Every followed user's devices and identities are fetched again: what is trusted changed.
    func refreshTrust() async {
        try? await store.updateTracking(changed: Array((try? await store.trackedUsers()) ?? []) + [userID], left: [])
        try? await store.track([userID])
        try? await updateOutdatedDevices()
    }
}
