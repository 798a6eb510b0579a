import Crypto
import Foundation

/// What the QR code of QR verification carries (`m.qr_code.show.v1`, answered by
/// `m.reciprocate.v1`; Client-Server API, "QR code format"): both parties' keys as the showing
/// device believes them, so one scan lets the scanning side check the shower's keys and tell it,
/// with the shared secret, that the shower holds the right key for it.
///
/// The bytes: "MATRIX", version 0x02, the mode, the flow ID's UTF-8 length (two bytes, big
/// endian) and the ID, the two 32-byte keys, and the shared secret as the rest.
public struct VerificationQRData: Sendable, Equatable {
    /// Who verifies whom, which says what the two keys are.
    public enum Mode: UInt8, Sendable, CaseIterable {
        /// Verifying another user: the first key is our master key, the second what we believe
        /// theirs is.
        case verifyingAnotherUser = 0x00
        /// Verifying one's own other device, from a device that trusts the master key: the first
        /// key is the master key, the second what we believe the other device's Ed25519 key is.
        case selfVerifyingTrustingMasterKey = 0x01
        /// Verifying one's own other device, from a device that does not trust the master key
        /// yet: the first key is this device's Ed25519 key, the second what it believes the
        /// master key is.
        case selfVerifyingNotTrustingMasterKey = 0x02
    }

    static let prefix = Array("MATRIX".utf8)
    static let formatVersion: UInt8 = 0x02
    /// The spec suggests about 8 bytes, and the secret is all that stops a device that did not
    /// scan the code from claiming it did: shorter ones are refused.
    public static let minimumSharedSecretByteCount = 8
    /// What `init` makes when given no secret: a few modules more than 8 bytes, no guessing.
    public static let generatedSharedSecretByteCount = 16

    public let mode: Mode
    /// The `transaction_id` of a to-device flow, or the event ID of the in-room request.
    public let flowID: String
    private let firstKeyBytes: [UInt8]
    private let secondKeyBytes: [UInt8]
    private let sharedSecretBytes: [UInt8]

    /// Unpadded base64 of the first key, as `mode` says which.
    public var firstKey: String { Data(firstKeyBytes).unpaddedBase64 }
    /// Unpadded base64 of the second key, as `mode` says which.
    public var secondKey: String { Data(secondKeyBytes).unpaddedBase64 }
    /// Unpadded base64, as the `secret` of the `m.key.verification.start` that reciprocates it.
    public var sharedSecret: String { Data(sharedSecretBytes).unpaddedBase64 }

    /// The data of a code to show. The keys are unpadded base64 of 32 bytes (padding is
    /// accepted); `sharedSecret`, if given, of at least 8 bytes; if not, 16 random bytes.
    public init(
        mode: Mode, flowID: String, firstKey: String, secondKey: String, sharedSecret: String? = nil
    ) throws(VerificationQRDataError) {
        guard flowID.utf8.count <= Int(UInt16.max) else { throw .flowIDTooLong(flowID.utf8.count) }
        let secret: [UInt8]
        if let sharedSecret {
            guard let decoded = Data(unpaddedBase64: sharedSecret) else { throw .invalidSharedSecret }
            secret = Array(decoded)
        } else {
            secret = SymmetricKey(size: .init(bitCount: Self.generatedSharedSecretByteCount * 8)).withUnsafeBytes { Array($0) }
        }
        guard secret.count >= Self.minimumSharedSecretByteCount else { throw .sharedSecretTooShort(secret.count) }
        self.mode = mode
        self.flowID = flowID
        firstKeyBytes = try Self.keyBytes(firstKey)
        secondKeyBytes = try Self.keyBytes(secondKey)
        sharedSecretBytes = secret
    }

    /// The data read from a scanned code; anything but a well-formed verification code of
    /// version 0x02 is refused.
    public init(decoding bytes: [UInt8]) throws(VerificationQRDataError) {
        guard bytes.starts(with: Self.prefix) else {
            throw Self.prefix.starts(with: bytes) ? .truncated : .notAVerificationCode
        }
        var reader = ByteReader(bytes: bytes.dropFirst(Self.prefix.count))
        let version = try reader.readByte()
        guard version == Self.formatVersion else { throw .unsupportedVersion(version) }
        let modeByte = try reader.readByte()
        guard let mode = Mode(rawValue: modeByte) else { throw .unknownMode(modeByte) }
        let idLength = try reader.read(2).reduce(0) { $0 << 8 | Int($1) }
        guard let flowID = String(validating: try reader.read(idLength), as: UTF8.self) else { throw .flowIDNotUTF8 }
        let firstKey = try reader.read(Ed25519PublicKey.byteCount)
        let secondKey = try reader.read(Ed25519PublicKey.byteCount)
        let secret = reader.bytes
        guard secret.count >= Self.minimumSharedSecretByteCount else { throw .sharedSecretTooShort(secret.count) }
        self.mode = mode
        self.flowID = flowID
        firstKeyBytes = Array(firstKey)
        secondKeyBytes = Array(secondKey)
        sharedSecretBytes = Array(secret)
    }

    /// The bytes to put in the QR code, in one byte-mode segment.
    public var encoded: [UInt8] {
        let id = Array(flowID.utf8)
        return Self.prefix + [Self.formatVersion, mode.rawValue, UInt8(id.count >> 8), UInt8(id.count & 0xFF)] + id
            + firstKeyBytes + secondKeyBytes + sharedSecretBytes
    }

    private static func keyBytes(_ key: String) throws(VerificationQRDataError) -> [UInt8] {
        guard let bytes = Data(unpaddedBase64: key), bytes.count == Ed25519PublicKey.byteCount else {
            throw .invalidKey
        }
        return Array(bytes)
    }

    /// Reads the fields in order; running out of bytes is a truncated code.
    private struct ByteReader {
        var bytes: ArraySlice<UInt8>

        mutating func read(_ count: Int) throws(VerificationQRDataError) -> ArraySlice<UInt8> {
            guard bytes.count >= count else { throw .truncated }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }

        mutating func readByte() throws(VerificationQRDataError) -> UInt8 {
            try read(1).first!
        }
    }
}
