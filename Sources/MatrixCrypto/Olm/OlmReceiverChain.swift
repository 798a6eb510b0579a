import Foundation

/// The other side's chain for one of its ratchet keys. Keys of skipped messages are kept, a
/// bounded number, so late messages still decrypt; as in vodozemac, at most 40 are kept and a
/// message more than 2000 ahead is refused, so a forged index cannot make us hash for long.
struct OlmReceiverChain: Sendable, Codable {
    static let maxSkippedKeys = 40
    static let maxGap: UInt64 = 2000

    let ratchetKey: Curve25519PublicKey
    private var chainKey: OlmChainKey
    /// Oldest first, each used at most once.
    private var skippedKeys: [OlmMessageKey] = []

    init(ratchetKey: Curve25519PublicKey, chainKey: OlmChainKey) {
        self.ratchetKey = ratchetKey
        self.chainKey = chainKey
    }

    /// Decrypts a message sent with `ratchetKey`; on failure the chain is left as it was.
    mutating func decrypt(_ message: OlmNormalMessage) throws(MatrixCryptoError) -> Data {
        var next = self
        let key: OlmMessageKey
        if message.chainIndex < chainKey.index {
            guard let position = skippedKeys.firstIndex(where: { $0.index == message.chainIndex }) else {
                throw .missingMessageKey
            }
            key = next.skippedKeys.remove(at: position)
        } else {
            guard message.chainIndex - chainKey.index <= Self.maxGap else { throw .messageGapTooLarge }
            while next.chainKey.index < message.chainIndex {
                // Keys that would be dropped at once are never derived.
                if message.chainIndex - next.chainKey.index <= UInt64(Self.maxSkippedKeys) {
                    next.keepSkipped(next.chainKey.messageKey)
                }
                next.chainKey.advance()
            }
            key = next.chainKey.messageKey
            next.chainKey.advance()
        }
        let plaintext = try message.decrypt(with: key)
        self = next
        return plaintext
    }

    private mutating func keepSkipped(_ key: OlmMessageKey) {
        if skippedKeys.count == Self.maxSkippedKeys { skippedKeys.removeFirst() }
        skippedKeys.append(key)
    }
}
