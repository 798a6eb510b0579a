import MatrixClient

/// What the encryption commands (`/devices`, `/verify`, `/unverify`, `/keys`, `/encrypt`) produced.
public enum EncryptionOutcome: Sendable, Equatable {
    /// `/devices`: a user's devices by ID.
    case devices(userID: String, [DeviceEntry])
    /// `/verify` or `/unverify`: the device is now marked so.
    case verified(userID: String, deviceID: String, isVerified: Bool)
    /// `/keys export`: the file holds `count` room keys.
    case keysExported(path: String, count: Int)
    /// `/keys import`: `imported` of the file's `total` room keys were new or better than those here.
    case keysImported(path: String, imported: Int, total: Int)
    /// `/encrypt`: the open room's messages are encrypted from now on.
    case roomEncrypted(roomName: RemoteText)
}

/// A device in `/devices`.
public struct DeviceEntry: Sendable, Equatable {
    public var deviceID: String
    public var displayName: RemoteText?
    public var fingerprint: Fingerprint
    public var isVerified: Bool
    /// This session's own device.
    public var isCurrent: Bool
}

/// Why an encryption command did nothing. The renderer chooses the words.
public enum EncryptionError: Error, Sendable, Equatable {
    /// The user has no device by that ID (as the homeserver lists their devices now).
    case unknownDevice(userID: String, deviceID: String)
    /// The fingerprint given is not the device's: it stays as it was.
    case fingerprintMismatch(userID: String, deviceID: String)
    /// Nobody can be asked for a passphrase and none was given (batch mode without file or variable).
    case passphraseUnavailable
    case passphraseFileUnreadable(path: String)
    case emptyPassphrase
    /// The two passphrases typed for an export differ.
    case passphrasesDiffer
    /// The file's authentication failed: the passphrase is wrong, or the file was altered.
    case wrongPassphrase(path: String)
    /// Not an Element key export file (or one damaged beyond its authentication).
    case notAKeyExport(path: String)
    /// `/keys export` does not replace a file unless told to with `/keys!`.
    case fileExists(path: String)
    case alreadyEncrypted(roomName: RemoteText)
    /// The room's power levels do not let the user turn encryption on.
    case notPermitted(required: Int, own: Int)
}
