import Foundation

/// An account's fallback key, used when its one-time keys have run out and never used up. The
/// previous one stays usable after a new one is made, as in vodozemac, for senders that fetched
/// it before the new one was published.
struct OlmFallbackKeys: Sendable, Codable {
    private struct Key: Sendable, Codable {
        let id: UInt64
        let keyPair: Curve25519KeyPair
        var isPublished = false
    }

    private var nextID: UInt64 = 0
    private var current: Key?
    private var previous: Key?

    var unpublished: (keyID: String, key: Curve25519PublicKey)? {
        guard let current, !current.isPublished else { return nil }
        return (OlmKeyID.string(for: current.id), current.keyPair.publicKey)
    }

    mutating func generate() {
        previous = current
        current = Key(id: nextID, keyPair: Curve25519KeyPair())
        nextID &+= 1
    }

    mutating func markAsPublished() {
        current?.isPublished = true
    }

    func keyPair(for publicKey: Curve25519PublicKey) -> Curve25519KeyPair? {
        [current, previous].lazy.compactMap { $0?.keyPair }.first { $0.publicKey == publicKey }
    }
}
