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

    public init(senderKey: String, sessionID: String, failure: DecryptionFailure? = nil, isKeyImported: Bool = false) {
        self.senderKey = senderKey
        self.sessionID = sessionID
        self.failure = failure
        self.isKeyImported = isKeyImported
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

    /// Whether a key arriving later can still make it readable.
    public var isRetryable: Bool {
        self == .missingKey || self == .unknownIndex
    }
}
extension DecryptionFailure: Codable {}
