import Foundation

/// Our current ratchet key T(i) and the chain of message keys derived for it.
struct OlmSendingChain: Sendable, Codable {
    let ratchetKey: Curve25519KeyPair
    private var chainKey: OlmChainKey

    init(ratchetKey: Curve25519KeyPair, chainKey: OlmChainKey) {
        self.ratchetKey = ratchetKey
        self.chainKey = chainKey
    }

    var index: UInt64 { chainKey.index }

    /// The next message key, which is never handed out again.
    mutating func nextMessageKey() -> OlmMessageKey {
        defer { chainKey.advance() }
        return chainKey.messageKey
    }
}
