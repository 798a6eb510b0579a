import Foundation

/// A device's Olm identity: its Ed25519 fingerprint key, its Curve25519 identity key, and the
/// one-time and fallback keys others use to start sessions with it. Its description names the
/// public keys only.
public struct OlmAccount: Sendable, CustomStringConvertible {
    /// How many one-time keys the account keeps, published or not; generating more drops the
    /// oldest. As vodozemac: far more than are ever published, so keys the server already
    /// handed out survive until their pre-key messages arrive.
    public static let maxOneTimeKeys = OlmOneTimeKeys.maxCount
    /// How many one-time keys to keep on the server (vodozemac's `max_number_of_one_time_keys`).
    public static let maxPublishedOneTimeKeys = 50
    private static let serializationVersion: UInt8 = 1

    private let signingKey: Ed25519SigningKey
    private let identityKey: Curve25519KeyPair
    private var oneTimeKeys = OlmOneTimeKeys()
    private var fallbackKeys = OlmFallbackKeys()

    public init() {
        signingKey = Ed25519SigningKey()
        identityKey = Curve25519KeyPair()
    }

    public var curve25519Key: Curve25519PublicKey { identityKey.publicKey }
    public var ed25519Key: Ed25519PublicKey { signingKey.publicKey }

    public func signature(for message: some DataProtocol) -> Data {
        signingKey.signature(for: message)
    }

    public mutating func generateOneTimeKeys(_ count: Int) {
        oneTimeKeys.generate(count)
    }

    /// Key ID (as in `signed_curve25519:<key ID>`) to key, for keys not yet marked published.
    public var unpublishedOneTimeKeys: [String: Curve25519PublicKey] { oneTimeKeys.unpublished }

    /// Replaces the fallback key; the previous one keeps working for sessions already on their way.
    public mutating func generateFallbackKey() {
        fallbackKeys.generate()
    }

    public var unpublishedFallbackKey: (keyID: String, key: Curve25519PublicKey)? { fallbackKeys.unpublished }

    /// Call once the homeserver has accepted the unpublished keys.
    public mutating func markKeysAsPublished() {
        oneTimeKeys.markAsPublished()
        fallbackKeys.markAsPublished()
    }

    /// Starts a session with a device from its identity key and one of its one-time (or
    /// fallback) keys; the session's messages are pre-key messages until the device answers.
    public func createOutboundSession(identityKey theirIdentityKey: Curve25519PublicKey, oneTimeKey: Curve25519PublicKey)
        -> OlmSession
    {
        let baseKey = Curve25519KeyPair()
        let secret = TripleDiffieHellman.initiatorSecret(
            identityKey: identityKey, baseKey: baseKey, theirIdentityKey: theirIdentityKey, theirOneTimeKey: oneTimeKey)
        let sessionKeys = OlmSessionKeys(identityKey: curve25519Key, baseKey: baseKey.publicKey, oneTimeKey: oneTimeKey)
        return OlmSession(sessionKeys: sessionKeys, sharedSecret: secret)
    }

    /// Sets up the session a pre-key message from `senderKey` started, and decrypts it. Removes
    /// the one-time key used (fallback keys stay), only once the message proved genuine, so a
    /// forged message cannot use up keys.
    public mutating func createInboundSession(senderKey: Curve25519PublicKey, preKeyMessage: Data)
        throws(MatrixCryptoError) -> (session: OlmSession, plaintext: Data)
    {
        let message = try OlmPreKeyMessage(bytes: preKeyMessage)
        let sessionKeys = message.sessionKeys
        guard sessionKeys.identityKey == senderKey else { throw .mismatchedIdentityKey }
        guard let oneTimeKey = oneTimeKeys.keyPair(for: sessionKeys.oneTimeKey)
            ?? fallbackKeys.keyPair(for: sessionKeys.oneTimeKey)
        else { throw .unknownOneTimeKey }
        let secret = TripleDiffieHellman.recipientSecret(
            identityKey: identityKey, oneTimeKey: oneTimeKey,
            theirIdentityKey: sessionKeys.identityKey, theirBaseKey: sessionKeys.baseKey)
        let result = try OlmSession.inbound(sessionKeys: sessionKeys, sharedSecret: secret, message: message.message)
        oneTimeKeys.remove(sessionKeys.oneTimeKey)
        return result
    }

    private struct State: Codable {
        let signingKey: Data
        let identityKey: Curve25519KeyPair
        let oneTimeKeys: OlmOneTimeKeys
        let fallbackKeys: OlmFallbackKeys
    }

    /// The account's private state (see `VersionedState`): store it encrypted.
    public func serialized() throws -> Data {
        let state = State(
            signingKey: signingKey.rawRepresentation, identityKey: identityKey,
            oneTimeKeys: oneTimeKeys, fallbackKeys: fallbackKeys)
        return try VersionedState.encode(state, version: Self.serializationVersion)
    }

    public init(serialized: Data) throws {
        let state = try VersionedState<State>.decode(serialized, version: Self.serializationVersion)
        signingKey = try Ed25519SigningKey(rawRepresentation: state.signingKey)
        identityKey = state.identityKey
        oneTimeKeys = state.oneTimeKeys
        fallbackKeys = state.fallbackKeys
    }

    public var description: String {
        "OlmAccount(curve25519: \(curve25519Key.base64), ed25519: \(ed25519Key.base64))"
    }
}
