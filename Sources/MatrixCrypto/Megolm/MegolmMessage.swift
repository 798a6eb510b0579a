import Foundation

/// The spec's Megolm "Message format": version 3, a body with the ratchet index (tag 0x08) and
/// the ciphertext (tag 0x12), an 8-byte MAC of everything before it, and a 64-byte Ed25519
/// signature of everything before that.
struct MegolmMessage {
    static let version: UInt8 = 3
    private static let indexTag: UInt64 = 0x08
    private static let ciphertextTag: UInt64 = 0x12

    let index: UInt32
    let ciphertext: Data

    /// The version byte and body: what the MAC covers.
    var authenticatedBytes: Data {
        var data = Data([Self.version])
        ProtobufField.integer(tag: Self.indexTag, value: UInt64(index)).append(to: &data)
        ProtobufField.bytes(tag: Self.ciphertextTag, value: ciphertext).append(to: &data)
        return data
    }

    init(index: UInt32, ciphertext: Data) {
        self.index = index
        self.ciphertext = ciphertext
    }

    /// Reads the version and body of a whole message; the caller checks its MAC and signature.
    init(authenticatedBytes data: Data) throws {
        guard let version = data.first else { throw MatrixCryptoError.malformed("empty Megolm message") }
        guard version == Self.version else { throw MatrixCryptoError.unsupportedVersion(version) }
        var index: UInt64?
        var ciphertext: Data?
        for field in try ProtobufField.parse(data.dropFirst()) {
            switch field {
            case .integer(Self.indexTag, let value): index = value
            case .bytes(Self.ciphertextTag, let value): ciphertext = value
            default: continue  // Unknown fields are skipped, as protobuf readers do.
            }
        }
        guard let index, let ciphertext, let index32 = UInt32(exactly: index) else {
            throw MatrixCryptoError.malformed("Megolm message without index or ciphertext")
        }
        self.init(index: index32, ciphertext: ciphertext)
    }
}
