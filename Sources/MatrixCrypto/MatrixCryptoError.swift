/// Why a key, message or signed object was refused. Never carries key material.
public enum MatrixCryptoError: Error, Equatable, Sendable {
    case invalidBase64
    case unsupportedVersion(UInt8)
    case malformed(String)
    case badSignature
    case badMAC
    /// The message was encrypted before the first ratchet index this session knows.
    case unknownMessageIndex(UInt32, firstKnown: UInt32)
    case integerOutOfRange(Int64)
    /// Canonical JSON has integers only, so a floating-point number cannot be signed.
    case notAnInteger(Double)
    case notAnObject
    /// An outbound session has used every message index; a new session must take over.
    case sessionExhausted
    /// An Olm message whose key was already used (a replay) or was dropped (one of too many
    /// skipped messages).
    case missingMessageKey
    /// An Olm message too far ahead of its chain: more messages skipped than anyone would send.
    case messageGapTooLarge
    /// A pre-key message names a one-time or fallback key this account does not have (used or
    /// never ours).
    case unknownOneTimeKey
    /// A pre-key message whose identity key is not the sender's.
    case mismatchedIdentityKey
    /// A cross-signing key, or an object it would sign, of another user than the one expected.
    case mismatchedUserID
    /// A cross-signing key whose `usage` is not the one its place needs (exactly master,
    /// self-signing or user-signing).
    case wrongKeyUsage
}
