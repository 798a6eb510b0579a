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
    case notAnObject
    /// An outbound session has used every message index; a new session must take over.
    case sessionExhausted
}
