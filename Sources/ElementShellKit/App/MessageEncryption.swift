/// What encryption says about a message, which its marks show: a lock for one that arrived
/// encrypted, a warning besides when who sent it is not proven, and why one could not be read.
public enum MessageEncryption: Sendable, Equatable {
    /// Decrypted, from this device or a verified one, with the key its sender shared.
    case trusted
    /// Decrypted, from a device nobody verified.
    case unverifiedDevice
    /// Decrypted with a key from an import or a forward: it proves nothing about the sender.
    case importedKey
    /// It could not be decrypted, for this reason.
    case undecryptable(DecryptionFailure)

    /// `nil` for a message sent in the clear.
    init?(of message: MessageRecord, trust: DeviceTrust) {
        if let failure = message.decryptionFailure {
            self = .undecryptable(failure)
        } else if let senderKey = message.senderKey {
            // A forwarded key could come from anyone, so even a verified device's key does not count.
            self = message.isKeyImported ? .importedKey : trust.trusts(senderKey) ? .trusted : .unverifiedDevice
        } else {
            return nil
        }
    }

    /// Whether the sender is proven: `nil` where there is nothing to prove, the text being unread.
    var isVerified: Bool? {
        switch self {
        case .trusted: true
        case .unverifiedDevice, .importedKey: false
        case .undecryptable: nil
        }
    }

    var failure: DecryptionFailure? {
        guard case .undecryptable(let failure) = self else { return nil }
        return failure
    }
}

/// The devices whose messages count as trusted: this one, and those the user verified.
struct DeviceTrust: Sendable, Equatable {
    /// This device's Curve25519 key; `nil` without encryption.
    var ownKey: String?
    /// The Curve25519 keys of verified devices (`StoreWriter.verifiedDeviceKeys()`).
    var verifiedKeys: Set<String> = []

    func trusts(_ senderKey: String) -> Bool {
        senderKey == ownKey || verifiedKeys.contains(senderKey)
    }
}
