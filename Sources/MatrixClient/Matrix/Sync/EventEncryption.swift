/// How an event arrived encrypted (`m.room.encrypted`), and whether it could be decrypted. A
/// decrypted event carries its plaintext `type` and `content`; one that could not be keeps
/// `m.room.encrypted` and says why.
public struct EventEncryption: Sendable, Equatable {
    /// The Curve25519 key of the device that encrypted it.
    public var senderKey: String
    public var sessionID: String
    public var failure: DecryptionFailure?
    /// Decrypted with a key from an import or a forward: who sent it is not proven.
    public var isKeyImported = false
    /// Who shared the key with this device with the room's history (MSC4268).
    public var keySharedBy: String?

    public init(senderKey: String, sessionID: String, failure: DecryptionFailure? = nil, isKeyImported: Bool = false,
                keySharedBy: String? = nil) {
        self.senderKey = senderKey
        self.sessionID = sessionID
        self.failure = failure
        self.isKeyImported = isKeyImported
        self.keySharedBy = keySharedBy
    }
}

/// Why an encrypted event could not be read, stored with the event and shown with it.
public enum DecryptionFailure: String, Sendable, Equatable {
    /// The room key has not arrived (it may still: the message is tried again when it does).
    case missingKey = "missing_key"
    /// The key arrived, but only from a later message on.
    case unknownIndex = "unknown_index"
    /// The ciphertext, its MAC or its signature does not check out.
    case corrupt
    /// Encrypted with an algorithm this client does not implement.
    case unsupportedAlgorithm = "unsupported_algorithm"
    /// The plaintext claims another room or sender than the event it came in.
    case mismatch
    /// Its Megolm message index already decrypted another event: an old message sent again
    /// under a new event ID or timestamp, which only a server can do.
    case replayed
    /// The sender withheld the room key (`m.room_key.withheld`), saying why: this device or
    /// user is blocked, not verified, not allowed to read the room, the key is unavailable, or
    /// no Olm session could be made with this device.
    case withheldBlacklisted = "withheld_blacklisted"
    case withheldUnverified = "withheld_unverified"
    case withheldUnauthorised = "withheld_unauthorised"
    case withheldUnavailable = "withheld_unavailable"
    case withheldNoOlm = "withheld_no_olm"
    /// The key has not arrived, and the server says the message was sent before the user joined
    /// (`unsigned.membership` `leave`, MSC4115): their devices were not sent its key, which only
    /// shared history or a backup can bring.
    case sentBeforeJoined = "sent_before_joined"

    /// Whether a key arriving later can still make it readable: a withheld one may come yet, from
    /// the backup or once the sender changes their mind.
    public var isRetryable: Bool {
        switch self {
        case .missingKey, .unknownIndex, .withheldBlacklisted, .withheldUnverified, .withheldUnauthorised, .withheldUnavailable,
             .withheldNoOlm, .sentBeforeJoined: true
        case .corrupt, .unsupportedAlgorithm, .mismatch, .replayed: false
        }
    }

    /// The failure of a key withheld with `code` (`m.unverified`, …); `nil` for a code not in the spec.
    init?(withheldCode code: String) {
        switch code {
        case "m.blacklisted": self = .withheldBlacklisted
        case "m.unverified": self = .withheldUnverified
        case "m.unauthorised": self = .withheldUnauthorised
        case "m.unavailable": self = .withheldUnavailable
        case "m.no_olm": self = .withheldNoOlm
        default: return nil
        }
    }
}
extension DecryptionFailure: Codable {}
