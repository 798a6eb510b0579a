/// Why no QR code was made.
public enum QRCodeError: Error, Equatable, Sendable {
    /// More bytes than the version asked for (or the largest, version 40) holds at the error
    /// correction level; a lower level or a higher version may hold them.
    case tooLong(byteCount: Int)
    /// Versions run from 1 to 40.
    case versionOutOfRange(Int)
    /// A code needs at least one byte.
    case empty
    case outOfMemory
}
