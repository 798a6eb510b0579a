/// Devices, their verification, room keys and encrypting rooms.
public enum EncryptionAction: Sendable, Equatable {
    /// The devices of `user` (a Matrix ID or a member's name), or of the user's own account.
    case devices(user: String?)
    /// Marks a device verified, or not. With `fingerprint`, only when it is the device's.
    case setVerified(Bool, user: String, deviceID: String, fingerprint: String?)
    /// Writes every room key to a passphrase-protected file in Element's format; `overwrite`
    /// (`/keys!`) replaces an existing file.
    case exportKeys(path: String, overwrite: Bool)
    /// Reads room keys from such a file, and decrypts the messages that waited for them.
    case importKeys(path: String)
    /// Turns encryption on in the open room for good. Destructive: without `confirmed` it comes
    /// back as a question.
    case encryptRoom(confirmed: Bool)
}

extension EncryptionAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .devices: .devices
        case .setVerified(let verified, _, _, _): verified ? .verify : .unverify
        case .exportKeys, .importKeys: .keys
        case .encryptRoom: .encrypt
        }
    }
}
