import Foundation
import MatrixCrypto
import MatrixJSON

/// Other users' identities: looking one up, verifying it with our user-signing key once its
/// master key was compared out of band, and accepting one that changed.
extension CryptoMachine {
    /// A user's identity and devices, fetched fresh from the server.
    public func identitySummary(of userID: String) async throws(RecoveryError) -> IdentitySummary {
        try await refreshIdentities(of: [userID, self.userID])
        // What `/whois` shows needs no second warning.
        changedIdentities.removeAll { $0.userID == userID }
        var summary = await storedSummary(of: userID)
        if userID != self.userID { summary.crossSigningGaps = await storedGaps(with: userID) }
        return summary
    }

    /// Which of this account and `userID` has no cross-signing identity, fresh from the server.
    public func crossSigningGaps(with userID: String) async throws(RecoveryError) -> CrossSigningGaps {
        try await refreshIdentities(of: [userID, self.userID])
        return await storedGaps(with: userID)
    }

    private func refreshIdentities(of userIDs: [String]) async throws(RecoveryError) {
        try? await store.track(userIDs)
        try? await store.updateTracking(changed: userIDs, left: [])
        try await serverCall { () throws(MatrixError) in try await updateOutdatedDevices() }
    }

    private func storedGaps(with userID: String) async -> CrossSigningGaps {
        let known = (try? await store.identities(of: [userID, self.userID])) ?? [:]
        return CrossSigningGaps(ownUserID: known[self.userID] == nil ? self.userID : nil, otherUserID: known[userID] == nil ? userID : nil)
    }

    /// Signs the user's current master key with our user-signing key and publishes it, when
    /// `fingerprint` (if given) is that key. Needs this account's cross-signing keys unlocked here.
    public func verifyIdentity(of userID: String, fingerprint: String?) async throws(RecoveryError) -> IdentitySummary {
        let trust = try trustService
        guard let crossSigning else { throw .crossSigningLocked }
        let answer = try await serverCall { () throws(MatrixError) in try await keys.queryKeys(userIDs: [userID]) }
        guard let identity = identity(of: userID, in: answer) else { throw .noIdentity(userID) }
        if let fingerprint, !Fingerprint(identity.master.key.base64).matches(fingerprint) { throw .identityFingerprintMismatch(userID) }
        let signed: JSONValue
        do {
            signed = try crossSigning.signingIdentity(identity.master.json, userID: self.userID)
        } catch {
            throw .identityMismatch
        }
        let failures = try await serverCall { () throws(MatrixError) in
            try await trust.uploadSignatures([userID: [identity.master.key.base64: signed]])
        }
        guard failures.object?.isEmpty != false else { throw .server(.forbidden(message: "")) }
        logger.info("verified an identity", metadata: ["user": "\(userID)", "master": "\(identity.master.key.base64)"])
        return try await identitySummary(of: userID)
    }

    /// The users whose identity changed since the last call, to warn about, with the rooms
    /// shared with them.
    public func takeChangedIdentities() async -> [IdentityChange] {
        let changes = changedIdentities
        changedIdentities = []
        var told: [IdentityChange] = []
        for var change in changes {
            resetsToldAtSend.remove(change.userID)
            // Every room is shared with oneself: naming them says nothing.
            change.sharedRoomIDs = change.userID == userID ? [] : (try? await store.joinedRooms(with: change.userID)) ?? []
            told.append(change)
        }
        return told
    }

    /// Accepts the identity `userID` now shows: pinned, so its change is no longer warned about,
    /// and a verification it broke withdrawn (their devices stay untrusted until verified again).
    /// Returns the state before (`changed` when a verification was withdrawn) and after.
    public func acceptIdentity(of userID: String) async throws(RecoveryError) -> (before: IdentitySummary.State, after: IdentitySummary) {
        let before = await storedSummary(of: userID).state
        guard let record = try? await store.identities(of: [userID])[userID] else { throw .noIdentity(userID) }
        do {
            try await store.saveIdentities([record.accepted()])
        } catch {
            throw .storeUnavailable
        }
        resetsToldAtSend.remove(userID)
        logger.info("accepted an identity", metadata: ["user": "\(userID)", "withdrew": "\(record.hasVerificationViolation)"])
        return (before, await storedSummary(of: userID))
    }

    private func storedSummary(of userID: String) async -> IdentitySummary {
        let record = try? await store.identities(of: [userID])[userID]
        let state: IdentitySummary.State = switch record {
        case nil: .none
        case let record? where record.hasVerificationViolation: .changed
        case let record? where record.hasPinViolation: .reset
        case let record? where record.isVerified: .verified
        case _?: .notVerified
        }
        let devices = (try? await store.devices(of: [userID])) ?? []
        return IdentitySummary(userID: userID, masterKey: record?.masterKey, state: state, devices: devices)
    }
}
