import Foundation
import MatrixCrypto

extension CryptoMachine {
    /// Follows these users' devices (members of encrypted rooms) and fetches what is outdated.
    func refreshDevices(of userIDs: [String]) async throws(MatrixError) {
        try? await store.track(userIDs)
        try await updateOutdatedDevices()
    }

    /// Fetches the devices of tracked users whose list changed (`/keys/query`). Entries whose
    /// keys the device did not sign itself are left out. Users the answer leaves out (their
    /// server did not answer) keep what is known and stay outdated.
    public func updateOutdatedDevices() async throws(MatrixError) {
        guard let outdated = try? await store.outdatedUsers(), !outdated.isEmpty else { return }
        let answer = try await keys.queryKeys(userIDs: outdated)
        var devices: [DeviceRecord] = []
        var answered: [String] = []
        for userID in outdated {
            guard let entries = answer[userID]?.object else { continue }
            answered.append(userID)
            for (deviceID, signed) in entries {
                if let device = DeviceRecord(signedKeys: signed, userID: userID, deviceID: deviceID) {
                    devices.append(device)
                } else {
                    logger.warning("device keys refused", metadata: ["user": "\(userID)", "device": "\(deviceID)"])
                }
            }
        }
        _ = try? await store.replaceDevices(devices, of: answered)
    }

    /// The known devices of a user, fetched first when they may have changed.
    public func devices(of userID: String) async throws(MatrixError) -> [DeviceRecord] {
        try await refreshDevices(of: [userID])
        return (try? await store.devices(of: [userID])) ?? []
    }

    /// Marks a device verified after the user compared its fingerprint; `false` when it is unknown.
    public func setVerified(_ verified: Bool, userID: String, deviceID: String) async -> Bool {
        (try? await store.setVerified(verified, userID: userID, deviceID: deviceID)) ?? false
    }
}
