/// Why a room-key export file was refused. Carries no key material and no passphrase.
public enum RoomKeyExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `-----BEGIN MEGOLM SESSION DATA-----` line at the start.
    case missingHeader
    /// No `-----END MEGOLM SESSION DATA-----` line at the end: often a file cut short.
    case missingFooter
    case invalidBase64
    case unsupportedVersion(UInt8)
    /// Shorter than the version, salt, IV, round count and HMAC alone.
    case truncated
    /// PBKDF2 needs some passphrase bytes; an empty one would protect nothing anyway.
    case emptyPassphrase
    /// A PBKDF2 round count of zero, or one that does not fit the format's 32 bits.
    case invalidRounds(Int)
    /// The HMAC does not match: the passphrase is wrong or the file was altered (the two cannot
    /// be told apart).
    case authenticationFailed

    public var description: String {
        switch self {
        case .missingHeader: "not a key export: no BEGIN MEGOLM SESSION DATA line"
        case .missingFooter: "incomplete key export: no END MEGOLM SESSION DATA line"
        case .invalidBase64: "key export is not valid base64"
        case .unsupportedVersion(let version): "unsupported key export version \(version)"
        case .truncated: "key export is too short"
        case .emptyPassphrase: "the key export passphrase is empty"
        case .invalidRounds(let rounds): "invalid key export round count \(rounds)"
        case .authenticationFailed: "wrong passphrase, or the key export was altered"
        }
    }
}
