import Foundation

/// An Olm session with one other device: a double ratchet ("The Olm Algorithm") set up by
/// `OlmAccount`. A value type: a copy made before `encrypt` would reuse message keys, so keep
/// one owner and store it again after each use.
public struct OlmSession: Sendable, CustomStringConvertible {
    /// As vodozemac: the receiving chains of the last 5 ratchet keys the other side used.
    static let maxReceivingChains = 5
    private static let serializationVersion: UInt8 = 1

    private struct State: Codable {
        let sessionKeys: OlmSessionKeys
        /// The root key the sending chain was derived with.
        var rootKey: OlmRootKey
        var sendingChain: OlmSendingChain
        /// Oldest first.
        var receivingChains: [OlmReceiverChain]
    }

    private var state: State

    /// Alice's side, from the triple Diffie-Hellman secret: she sends on the first chain.
    init(sessionKeys: OlmSessionKeys, sharedSecret: Data) {
        let (rootKey, chainKey) = OlmRootKey.initial(sharedSecret: sharedSecret)
        state = State(
            sessionKeys: sessionKeys, rootKey: rootKey,
            sendingChain: OlmSendingChain(ratchetKey: Curve25519KeyPair(), chainKey: chainKey),
            receivingChains: [])
    }

    /// Bob's side: the first chain is Alice's, and his own starts with a ratchet step at once
    /// (vodozemac waits for his first message; the keys come out the same). Decrypts the
    /// pre-key message first so a forged one sets nothing up.
    static func inbound(sessionKeys: OlmSessionKeys, sharedSecret: Data, message: OlmNormalMessage)
        throws(MatrixCryptoError) -> (session: OlmSession, plaintext: Data)
    {
        let (rootKey, chainKey) = OlmRootKey.initial(sharedSecret: sharedSecret)
        var chain = OlmReceiverChain(ratchetKey: message.ratchetKey, chainKey: chainKey)
        let plaintext = try chain.decrypt(message)
        let (nextRootKey, sendingChain) = newSendingChain(after: rootKey, theirRatchetKey: chain.ratchetKey)
        let state = State(sessionKeys: sessionKeys, rootKey: nextRootKey, sendingChain: sendingChain, receivingChains: [chain])
        return (OlmSession(state: state), plaintext)
    }

    private init(state: State) {
        self.state = state
    }

    public var sessionID: String { state.sessionKeys.sessionID }

    /// Whether a pre-key message from `senderKey` belongs to this session (one that set up this
    /// session, resent before the sender heard back).
    public func matches(preKeyMessage: Data, senderKey: Curve25519PublicKey) -> Bool {
        guard let message = try? OlmPreKeyMessage(bytes: preKeyMessage) else { return false }
        return message.sessionKeys == state.sessionKeys && senderKey == state.sessionKeys.identityKey
    }

    /// Pre-key messages until the other side has been heard from, so whichever arrives first
    /// can set up its side.
    public mutating func encrypt(_ plaintext: some DataProtocol) -> OlmMessage {
        let message = OlmNormalMessage(
            encrypting: plaintext, with: state.sendingChain.nextMessageKey(),
            ratchetKey: state.sendingChain.ratchetKey.publicKey)
        guard !state.receivingChains.isEmpty else {
            return .preKey(OlmPreKeyMessage(sessionKeys: state.sessionKeys, message: message).bytes)
        }
        return .normal(message.bytes)
    }

    /// Decrypts a message from the other side; on failure the session is left as it was.
    public mutating func decrypt(_ message: OlmMessage) throws(MatrixCryptoError) -> Data {
        let normal = switch message {
        case .preKey(let bytes): try OlmPreKeyMessage(bytes: bytes).message
        case .normal(let bytes): try OlmNormalMessage(bytes: bytes)
        }
        if let known = state.receivingChains.firstIndex(where: { $0.ratchetKey == normal.ratchetKey }) {
            return try state.receivingChains[known].decrypt(normal)
        }
        // A new ratchet key: the other side has heard from us. Step the root for its chain, and
        // again for a new chain of ours, as the spec's "Sending normal messages" does lazily.
        let (rootKey, chainKey) = state.rootKey.advanced(
            ourRatchetKey: state.sendingChain.ratchetKey, theirRatchetKey: normal.ratchetKey)
        var chain = OlmReceiverChain(ratchetKey: normal.ratchetKey, chainKey: chainKey)
        let plaintext = try chain.decrypt(normal)
        receive(on: chain, rootKey: rootKey)
        return plaintext
    }

    /// Keeps the other side's new chain and starts ours with a new ratchet key.
    private mutating func receive(on chain: OlmReceiverChain, rootKey: OlmRootKey) {
        (state.rootKey, state.sendingChain) = Self.newSendingChain(after: rootKey, theirRatchetKey: chain.ratchetKey)
        if state.receivingChains.count == Self.maxReceivingChains { state.receivingChains.removeFirst() }
        state.receivingChains.append(chain)
    }

    private static func newSendingChain(after rootKey: OlmRootKey, theirRatchetKey: Curve25519PublicKey)
        -> (rootKey: OlmRootKey, chain: OlmSendingChain)
    {
        let ratchetKey = Curve25519KeyPair()
        let (nextRootKey, chainKey) = rootKey.advanced(ourRatchetKey: ratchetKey, theirRatchetKey: theirRatchetKey)
        return (nextRootKey, OlmSendingChain(ratchetKey: ratchetKey, chainKey: chainKey))
    }

    /// The session's private state (see `VersionedState`): store it encrypted.
    public func serialized() throws -> Data {
        try VersionedState.encode(state, version: Self.serializationVersion)
    }

    public init(serialized: Data) throws {
        state = try VersionedState<State>.decode(serialized, version: Self.serializationVersion)
    }

    public var description: String {
        "OlmSession(\(sessionID), sending chain index \(state.sendingChain.index), \(state.receivingChains.count) receiving chains)"
    }
}
