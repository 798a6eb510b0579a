import Foundation

/// An account's one-time keys, oldest first. Past `maxCount` the oldest are dropped, as vodozemac
/// does: a pre-key message for a dropped key can no longer set up a session.
struct OlmOneTimeKeys: Sendable, Codable {
    static let maxCount = 5000

    private struct Entry: Sendable, Codable {
        let id: UInt64
        let keyPair: Curve25519KeyPair
        var isPublished = false
    }

    private var nextID: UInt64 = 0
    private var entries: [Entry] = []

    var unpublished: [String: Curve25519PublicKey] {
        Dictionary(uniqueKeysWithValues: entries.filter { !$0.isPublished }.map {
            (OlmKeyID.string(for: $0.id), $0.keyPair.publicKey)
        })
    }

    /// `limit` is for tests: thousands of keys take seconds in a debug build.
    mutating func generate(_ count: Int, keepingAtMost limit: Int = maxCount) {
        for _ in 0..<count {
            entries.append(Entry(id: nextID, keyPair: Curve25519KeyPair()))
            nextID &+= 1
        }
        entries.removeFirst(max(0, entries.count - limit))
    }

    mutating func markAsPublished() {
        for index in entries.indices { entries[index].isPublished = true }
    }

    func keyPair(for publicKey: Curve25519PublicKey) -> Curve25519KeyPair? {
        entries.first { $0.keyPair.publicKey == publicKey }?.keyPair
    }

    mutating func remove(_ publicKey: Curve25519PublicKey) {
        entries.removeAll { $0.keyPair.publicKey == publicKey }
    }
}
