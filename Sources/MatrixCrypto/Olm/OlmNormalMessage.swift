import Foundation

/// The spec's Olm "Normal message format": version 3, a body with the sender's ratchet key
/// (tag 0x0A), the chain index (tag 0x10) and the ciphertext (tag 0x22), then an 8-byte MAC of
/// everything before it.
struct OlmNormalMessage: Sendable {
    static let version: UInt8 = 3
    private static let ratchetKeyTag: UInt64 = 0x0A
    private static let chainIndexTag: UInt64 = 0x10
    private static let ciphertextTag: UInt64 = 0x22

    let ratchetKey: Curve25519PublicKey
    let chainIndex: UInt64
    private let ciphertext: Data
    private let mac: Data

    /// Encrypts `plaintext` with the message key of the sender's chain for `ratchetKey`.
    init(encrypting plaintext: some DataProtocol, with key: OlmMessageKey, ratchetKey: Curve25519PublicKey) {
        let keys = key.cipherKeys
        self.ratchetKey = ratchetKey
        chainIndex = key.index
        ciphertext = keys.encrypt(plaintext)
        mac = keys.mac(for: Self.authenticatedBytes(ratchetKey: ratchetKey, chainIndex: key.index, ciphertext: ciphertext))
    }

    init(bytes data: Data) throws(MatrixCryptoError) {
        let data = Data(data)
        guard let version = data.first else { throw .malformed("empty Olm message") }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        guard data.count > 1 + CipherKeys.macByteCount else { throw .malformed("Olm message length") }
        var ratchetKey: Curve25519PublicKey?
        var chainIndex: UInt64?
        var ciphertext: Data?
        for field in try ProtobufField.parse(data.dropFirst().dropLast(CipherKeys.macByteCount)) {
            switch field {
            case .bytes(Self.ratchetKeyTag, let value): ratchetKey = try Curve25519PublicKey(rawRepresentation: value)
            case .integer(Self.chainIndexTag, let value): chainIndex = value
            case .bytes(Self.ciphertextTag, let value): ciphertext = value
            default: continue  // Unknown fields are skipped, as protobuf readers do.
            }
        }
        guard let ratchetKey, let chainIndex, let ciphertext else {
            throw .malformed("Olm message without ratchet key, chain index or ciphertext")
        }
        self.ratchetKey = ratchetKey
        self.chainIndex = chainIndex
        self.ciphertext = ciphertext
        mac = Data(data.suffix(CipherKeys.macByteCount))
    }

    /// The version byte and body: what the MAC covers.
    private var authenticatedBytes: Data {
        Self.authenticatedBytes(ratchetKey: ratchetKey, chainIndex: chainIndex, ciphertext: ciphertext)
    }

    private static func authenticatedBytes(ratchetKey: Curve25519PublicKey, chainIndex: UInt64, ciphertext: Data) -> Data {
        var data = Data([version])
        ProtobufField.bytes(tag: ratchetKeyTag, value: ratchetKey.rawRepresentation).append(to: &data)
        ProtobufField.integer(tag: chainIndexTag, value: chainIndex).append(to: &data)
        ProtobufField.bytes(tag: ciphertextTag, value: ciphertext).append(to: &data)
        return data
    }

    var bytes: Data { authenticatedBytes + mac }

    /// Checks the MAC, then decrypts; `key` must be the one for this message's chain index.
    func decrypt(with key: OlmMessageKey) throws(MatrixCryptoError) -> Data {
        let keys = key.cipherKeys
        guard keys.isValidMAC(mac, for: authenticatedBytes) else { throw .badMAC }
        return try keys.decrypt(ciphertext)
    }
}
