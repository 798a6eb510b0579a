import MatrixJSON

/// `--output json` for the encryption commands; the fields are in docs/json-output.md.
extension EncryptionOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .devices(let userID, let devices):
            ["user_id": .string(userID), "devices": .array(devices.map { device in
                ["device_id": .string(device.deviceID), "display_name": device.displayName?.json ?? .null, "ed25519": .string(device.fingerprint.key),
                 "fingerprint": .string(device.fingerprint.grouped), "verified": .bool(device.isVerified), "current": .bool(device.isCurrent)]
            })]
        case .verified(let userID, let deviceID, let isVerified):
            ["user_id": .string(userID), "device_id": .string(deviceID), "verified": .bool(isVerified)]
        case .keysExported(let path, let count): ["path": .string(path), "count": .integer(Int64(count))]
        case .keysImported(let path, let imported, let total): ["path": .string(path), "imported": .integer(Int64(imported)), "total": .integer(Int64(total))]
        case .roomEncrypted(let roomName): ["room": roomName.json]
        }
    }
}
