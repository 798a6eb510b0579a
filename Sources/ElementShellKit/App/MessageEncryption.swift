import MatrixClient

/// What encryption says about a message, which its marks show the way Element X's shields do: a
/// lock for one that arrived encrypted, a warning besides when its sender's device is not
/// vouched for (or its key proves nothing), and why one could not be read.
public enum MessageEncryption: Sendable, Equatable {
    /// Decrypted, from this device or a verified one, with the key its sender shared.
    case trusted
    /// From a device its owner's identity signed, that identity not verified here: Element
    /// shows no warning for it, and neither do we (only `/whois` tells the difference).
    case unverifiedIdentity
    /// From a device its owner never signed: anyone who took over the account could have added it.
    case unsignedDevice
    /// From a user whose identity changed since it was verified here.
    case identityChanged
    /// Decrypted with a key from an import, a forward or the backup: it proves nothing about the sender.
    case importedKey
    /// Decrypted with a key this user shared with the room's history on inviting us (MSC4268):
    /// it proves nothing about the sender either, but says who vouched for it.
    case sharedHistory(by: String)
    /// It could not be decrypted, for this reason.
    case undecryptable(DecryptionFailure)

    /// `nil` for a message sent in the clear.
    init?(of message: MessageRecord, trust: DeviceTrust) {
        if let failure = message.decryptionFailure {
            self = .undecryptable(failure)
        } else if let senderKey = message.senderKey {
            // A forwarded key could come from anyone, so even a verified device's key does not count.
            if let sharer = message.keySharedBy {
                self = .sharedHistory(by: sharer)
            } else {
                self = message.isKeyImported ? .importedKey : trust.encryption(from: senderKey)
            }
        } else {
            return nil
        }
    }

    /// Whether the sender is proven: `nil` where there is nothing to prove, the text being unread.
    var isVerified: Bool? {
        switch self {
        case .trusted: true
        case .unverifiedIdentity, .unsignedDevice, .identityChanged, .importedKey, .sharedHistory: false
        case .undecryptable: nil
        }
    }

    /// Whether the message carries a warning mark, as Element's red and grey shields.
    var isWarned: Bool {
        switch self {
        case .unsignedDevice, .identityChanged, .importedKey, .sharedHistory: true
        case .trusted, .unverifiedIdentity, .undecryptable: false
        }
    }

    /// The name `--output json` gives the case (`trust`); `nil` for an unread message.
    var trustName: String? {
        switch self {
        case .trusted: "verified"
        case .unverifiedIdentity: "unverified_identity"
        case .unsignedDevice: "unsigned_device"
        case .identityChanged: "identity_changed"
        case .importedKey: "imported_key"
        case .sharedHistory: "shared_history"
        case .undecryptable: nil
        }
    }

    /// Who shared the key with the room's history, for a message read with such a key.
    var keySharedBy: String? {
        guard case .sharedHistory(let sharer) = self else { return nil }
        return sharer
    }

    var failure: DecryptionFailure? {
        guard case .undecryptable(let failure) = self else { return nil }
        return failure
    }
}

/// What each device's messages are marked with: this one and verified ones are trusted.
struct DeviceTrust: Sendable, Equatable {
    /// This device's Curve25519 key; `nil` without encryption.
    var ownKey: String?
    /// The devices' keys by mark (`StoreWriter.deviceTrustKeys()`).
    var keys = DeviceTrustKeys()

    func encryption(from senderKey: String) -> MessageEncryption {
        if senderKey == ownKey || keys.verified.contains(senderKey) { return .trusted }
        if keys.identityChanged.contains(senderKey) { return .identityChanged }
        return keys.ownerSigned.contains(senderKey) ? .unverifiedIdentity : .unsignedDevice
    }
}
