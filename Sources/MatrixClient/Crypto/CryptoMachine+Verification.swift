import Foundation
import MatrixCrypto

/// What interactive verification needs of the machine: the keys each side proves with its MAC,
/// and those the QR code this device shows carries.
extension CryptoMachine {
    /// This device's signing key and, when the account has one, its master key, by key ID.
    public func ownVerificationKeys() async -> [String: String] {
        var keys = ["ed25519:\(deviceID)": account.ed25519Key.base64]
        if let master = await masterKey(of: userID) { keys["ed25519:\(master)"] = master }
        return keys
    }

    /// The keys we hold for another device and its owner, by key ID: its signing key (fetched when
    /// the device is new here) and the owner's master key. A MAC proves only keys listed here.
    public func verificationKeys(of userID: String, deviceID: String) async -> [String: String] {
        var device = try? await store.devices(of: [userID]).first { $0.deviceID == deviceID }
        if device == nil {
            try? await store.track([userID])
            try? await store.updateTracking(changed: [userID], left: [])
            device = try? await devices(of: userID).first { $0.deviceID == deviceID }
        }
        var keys: [String: String] = [:]
        if let device { keys["ed25519:\(deviceID)"] = device.ed25519 }
        if let master = await masterKey(of: userID) { keys["ed25519:\(master)"] = master }
        return keys
    }

    /// The master key the server publishes for the user now.
    private func masterKey(of userID: String) async -> String? {
        guard let answer = try? await keys.queryKeys(userIDs: [userID]) else { return nil }
        return identity(of: userID, in: answer)?.master.key.base64
    }

    /// The QR code this device shows to `otherUserID`'s device (Client-Server API, "QR code
    /// format"): its mode by whom it verifies and whether this device trusts the master key.
    /// `nil` without cross-signing, when this device cannot vouch for our master key to another
    /// user, or when the other side's key is not known here.
    public func verificationQRCode(flowID: String, otherUserID: String, otherDeviceID: String) async -> VerificationQRData? {
        let users = otherUserID == userID ? [userID] : [userID, otherUserID]
        guard let answer = try? await keys.queryKeys(userIDs: users), let ownIdentity = identity(of: userID, in: answer) else { return nil }
        let master = ownIdentity.master.key.base64
        let trusted = crossSigning?.matches(ownIdentity) == true
        let mode: VerificationQRData.Mode
        let keys: (first: String, second: String)
        if otherUserID != userID {
            guard trusted, let theirs = identity(of: otherUserID, in: answer) else { return nil }
            (mode, keys) = (.verifyingAnotherUser, (master, theirs.master.key.base64))
        } else if trusted {
            guard let device = await verificationKeys(of: userID, deviceID: otherDeviceID)["ed25519:\(otherDeviceID)"] else { return nil }
            (mode, keys) = (.selfVerifyingTrustingMasterKey, (master, device))
        } else {
            (mode, keys) = (.selfVerifyingNotTrustingMasterKey, (account.ed25519Key.base64, master))
        }
        return try? VerificationQRData(mode: mode, flowID: flowID, firstKey: keys.first, secondKey: keys.second)
    }
}
