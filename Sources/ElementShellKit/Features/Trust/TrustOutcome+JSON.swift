import MatrixClient
import MatrixJSON

/// `--output json` for `/recovery` and `/backup`; the fields are in docs/json-output.md.
extension TrustOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .recoveryStatus(let status), .backupStatus(let status): status.json
        case .recovered(let version, let restored):
            ["device_verified": true, "backup_version": version.json, "restored": restored.map { .object($0.json) } ?? .null]
        case .recoverySetUp(let key, let version, _):
            ["recovery_key": .string(key), "backup_version": .string(version), "device_verified": true]
        case .backupRestored(let restore): restore.json
        case .backupTurnedOn(let activation):
            ["backup_version": .string(activation.version), "new": .bool(activation.isNew), "in_secret_storage": .bool(activation.isInSecretStorage),
             "backup_preference": "on"]
        case .backupTurnedOff(let version): ["deleted_version": version.json, "backup_preference": "off"]
        case .identityAccepted(let summary, let before, let released):
            TrustOutcome.identity(summary).json.merging(["identity_before": .string(before.rawValue), "released_messages": .integer(Int64(released))]) { $1 }
        case .identity(let summary):
            ["user_id": .string(summary.userID), "master_key": summary.masterKey.json, "identity": .string(summary.state.rawValue),
             "without_cross_signing": .array(summary.crossSigningGaps.userIDs.map(JSONValue.string)),
             "devices": .array(summary.devices.map { device in
                 ["device_id": .string(device.deviceID), "display_name": device.displayName?.json ?? .null, "ed25519": .string(device.fingerprint.key),
                  "verified": .bool(device.isVerified)]
             })]
        }
    }
}

extension RecoveryStatus {
    var json: [String: JSONValue] {
        ["cross_signing": .bool(hasCrossSigning), "device_verified": .bool(isDeviceVerified), "secret_storage": .bool(hasSecretStorage),
         "backup_version": backupVersion.json, "backup_key_count": backupKeyCount.map { .integer(Int64($0)) } ?? .null,
         "backing_up": .bool(isBackingUp), "room_keys": .integer(Int64(roomKeyCount)), "backed_up_keys": .integer(Int64(backedUpKeyCount)),
         "backup_preference": backupPreference.map { .string($0.rawValue) } ?? .null]
    }
}

extension BackupRestore {
    var json: [String: JSONValue] {
        ["restored": .integer(Int64(sessionIDs.count)), "total": .integer(Int64(total)), "unreadable": .integer(Int64(unreadable))]
    }
}
