import Foundation

/// The spec's Olm "Pre-key message format": version 3, then the recipient's one-time key
/// (tag 0x0A), the initiator's base key (tag 0x12) and identity key (tag 0x1A), and a whole
/// normal message (tag 0x22). Sent until the initiator hears back, so the recipient can set up
/// the session from whichever arrives first.
struct OlmPreKeyMessage: Sendable {
    static let version: UInt8 = 3
    private static let oneTimeKeyTag: UInt64 = 0x0A
    private static let baseKeyTag: UInt64 = 0x12
    private static let identityKeyTag: UInt64 = 0x1A
    private static let messageTag: UInt64 = 0x22

    let sessionKeys: OlmSessionKeys
    let message: OlmNormalMessage

    init(sessionKeys: OlmSessionKeys, message: OlmNormalMessage) {
        self.sessionKeys = sessionKeys
        self.message = message
    }

    init(bytes data: Data) throws(MatrixCryptoError) {
        let data = Data(data)
        guard let version = data.first else { throw .malformed("empty Olm pre-key message") }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        var keys: [UInt64: Curve25519PublicKey] = [:]
        var message: OlmNormalMessage?
        for field in try ProtobufField.parse(data.dropFirst()) {
            switch field {
            case .bytes(Self.messageTag, let value): message = try OlmNormalMessage(bytes: value)
            case .bytes(let tag, let value) where [Self.oneTimeKeyTag, Self.baseKeyTag, Self.identityKeyTag].contains(tag):
                keys[tag] = try Curve25519PublicKey(rawRepresentation: value)
            default: continue  // Unknown fields are skipped, as protobuf readers do.
            }
        }
        guard let oneTimeKey = keys[Self.oneTimeKeyTag], let baseKey = keys[Self.baseKeyTag],
            let identityKey = keys[Self.identityKeyTag], let message
        else { throw .malformed("Olm pre-key message without its keys or message") }
        sessionKeys = OlmSessionKeys(identityKey: identityKey, baseKey: baseKey, oneTimeKey: oneTimeKey)
        self.message = message
    }

    var bytes: Data {
        var data = Data([Self.version])
        ProtobufField.bytes(tag: Self.oneTimeKeyTag, value: sessionKeys.oneTimeKey.rawRepresentation).append(to: &data)
        ProtobufField.bytes(tag: Self.baseKeyTag, value: sessionKeys.baseKey.rawRepresentation).append(to: &data)
        ProtobufField.bytes(tag: Self.identityKeyTag, value: sessionKeys.identityKey.rawRepresentation).append(to: &data)
        ProtobufField.bytes(tag: Self.messageTag, value: message.bytes).append(to: &data)
        return data
    }
}
