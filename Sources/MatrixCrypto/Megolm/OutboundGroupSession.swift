import Foundation

/// The sending side of a Megolm session ("Session setup", "Message encryption"): a ratchet
/// from random data and an Ed25519 key whose public half is the session ID. A value type:
/// a copy made before `encrypt` would reuse message keys, so keep one owner.
public struct OutboundGroupSession: Sendable, CustomStringConvertible {
    private var ratchet: MegolmRatchet
    private let signingKey: Ed25519SigningKey

    public init() {
        self.init(startingAt: 0)
    }

    /// A session whose first message carries `index` (tests reach the end of the index space).
    init(startingAt index: UInt32) {
        ratchet = .random()
        ratchet.advance(to: index)
        signingKey = Ed25519SigningKey()
    }

    /// The session's public Ed25519 key, base64: its `session_id` in Matrix events.
    public var sessionID: String { signingKey.publicKey.base64 }

    /// The index the next message will carry.
    public var messageIndex: UInt32 { ratchet.index }

    /// The signed "Session sharing format" of the current ratchet: receivers can decrypt from
    /// the next message on.
    public var sessionKey: MegolmSessionKey {
        var data = MegolmSessionFormat.encode(
            ratchet, publicKey: signingKey.publicKey, version: MegolmSessionFormat.sharingVersion)
        data.append(signingKey.signature(for: data))
        return MegolmSessionKey(base64: data.unpaddedBase64)
    }

    /// Encrypts one message (its unpadded base64 is an `m.megolm.v1.aes-sha2` ciphertext) and
    /// advances the ratchet so its keys are never used again. The last index is never used: a
    /// session that reached it must be replaced (rotation replaces sessions long before).
    public mutating func encrypt(_ plaintext: some DataProtocol) throws(MatrixCryptoError) -> String {
        guard ratchet.index < .max else { throw .sessionExhausted }
        let keys = CipherKeys(secret: ratchet.bytes, purpose: .megolm)
        var data = MegolmMessage(index: ratchet.index, ciphertext: keys.encrypt(plaintext)).authenticatedBytes
        data.append(keys.mac(for: data))
        data.append(signingKey.signature(for: data))
        ratchet.advance(to: ratchet.index + 1)
        return data.unpaddedBase64
    }

    public var description: String { "OutboundGroupSession(\(sessionID), index \(messageIndex))" }

    private struct State: Codable {
        let index: UInt32
        let ratchet: Data
        let signingKey: Data
    }

    private static let serializationVersion: UInt8 = 1

    /// The session's private state (see `VersionedState`): store it encrypted, and only ever
    /// continue from the newest copy, or message keys would be used twice.
    public func serialized() throws -> Data {
        try VersionedState.encode(State(index: ratchet.index, ratchet: ratchet.bytes, signingKey: signingKey.rawRepresentation),
                                  version: Self.serializationVersion)
    }

    public init(serialized: Data) throws {
        let state = try VersionedState<State>.decode(serialized, version: Self.serializationVersion)
        ratchet = try MegolmRatchet(index: state.index, bytes: state.ratchet)
        signingKey = try Ed25519SigningKey(rawRepresentation: state.signingKey)
    }
}
