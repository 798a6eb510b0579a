import Foundation
import MatrixCrypto

extension CryptoMachine {
    /// Follows these users' devices (members of encrypted rooms) and fetches what is outdated.
    func refreshDevices(of userIDs: [String]) async throws(MatrixError) {
        try? await store.track(userIDs)
        try await updateOutdatedDevices()
    }

    /// Fetches the devices and cross-signing identities of tracked users whose list changed
    /// (`/keys/query`). Entries whose keys the device did not sign itself are left out; a device
    /// is cross-signed when its owner's trusted identity signed it. Users the answer leaves out
    /// (their server did not answer) keep what is known and stay outdated.
    public func updateOutdatedDevices() async throws(MatrixError) {
        guard let outdated = try? await store.outdatedUsers(), !outdated.isEmpty else { return }
        let answer = try await keys.queryKeys(userIDs: outdated)
        var identities: [String: CrossSigningIdentity] = [:]
        for userID in outdated { identities[userID] = identity(of: userID, in: answer) }
        var devices: [DeviceRecord] = []
        var answered: [String] = []
        for userID in outdated {
            guard let entries = answer["device_keys"]?[userID]?.object else { continue }
            answered.append(userID)
            let identity = identities[userID]
            let isIdentityTrusted = identity.map { isTrusted($0, of: userID) } ?? false
            for (deviceID, signed) in entries {
                if var device = DeviceRecord(signedKeys: signed, userID: userID, deviceID: deviceID) {
                    device.isOwnerSigned = identity?.hasSigned(deviceKeys: signed, userID: userID, deviceID: deviceID) == true
                    device.isCrossSigned = device.isOwnerSigned && isIdentityTrusted
                    devices.append(device)
                } else {
                    logger.warning("device keys refused", metadata: ["user": "\(userID)", "device": "\(deviceID)"])
                }
            }
        }
        await updateIdentities(of: answered, from: identities)
        _ = try? await store.replaceDevices(devices, of: answered)
    }

    /// The known devices of a user, fetched first when they may have changed.
    public func devices(of userID: String) async throws(MatrixError) -> [DeviceRecord] {
        try await refreshDevices(of: [userID])
        return (try? await store.devices(of: [userID])) ?? []
    }

    /// Marks a device verified after the user compared its fingerprint; `false` when it is unknown.
    /// Another device of this account is also signed with the self-signing key when this device
    /// holds it, so every client trusts it, and may answer this device's requests for secrets.
    public func setVerified(_ verified: Bool, userID: String, deviceID: String) async -> Bool {
        guard (try? await store.setVerified(verified, userID: userID, deviceID: deviceID)) == true else { return false }
        if verified, userID == self.userID {
            allowNewSecretRequests()
            await crossSignOwnDevice(deviceID)
        }
        return true
    }

    /// Signs another device of this account with the self-signing key and publishes the signature.
    private func crossSignOwnDevice(_ deviceID: String) async {
        guard let crossSigning, let trust, let answer = try? await keys.queryKeys(userIDs: [userID]),
              let deviceKeys = answer["device_keys"]?[userID]?[deviceID],
              let signed = try? crossSigning.signingDevice(deviceKeys, userID: userID),
              (try? await trust.uploadSignatures([userID: [deviceID: signed]]))?.object?.isEmpty != false
        else { return }
        logger.info("signed an own device with the self-signing key", metadata: ["device": "\(deviceID)"])
        await refreshTrust()
    }
}
