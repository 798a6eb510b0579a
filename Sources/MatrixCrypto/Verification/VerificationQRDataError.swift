/// Why the data of a QR verification code was refused or could not be made.
public enum VerificationQRDataError: Error, Equatable, Sendable {
    /// The bytes do not start with "MATRIX": some other QR code.
    case notAVerificationCode
    /// A format version other than 0x02.
    case unsupportedVersion(UInt8)
    /// A mode other than 0x00, 0x01 and 0x02 (0x03 is a login code, MSC4108).
    case unknownMode(UInt8)
    /// The bytes end before the flow ID or a key does.
    case truncated
    /// The flow ID's bytes are not UTF-8.
    case flowIDNotUTF8
    /// The flow ID's UTF-8 is longer than its two length bytes can count.
    case flowIDTooLong(Int)
    /// A key that is not unpadded base64 of 32 bytes.
    case invalidKey
    /// A shared secret given that is not unpadded base64.
    case invalidSharedSecret
    /// Fewer bytes than `VerificationQRData.minimumSharedSecretByteCount`.
    case sharedSecretTooShort(Int)
}
