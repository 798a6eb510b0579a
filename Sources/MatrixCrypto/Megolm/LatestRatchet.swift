import Synchronization

/// The ratchet at the latest index an `InboundGroupSession` decrypted, so a message that follows
/// it costs one ratchet step instead of a wind from the first known index (up to 255 hashes per
/// part: 10,000 messages in order decrypted 4 times slower without it). One ratchet, so memory
/// stays bounded whatever arrives; earlier messages still wind from the first known ratchet.
///
/// A class behind a lock so that `decrypt` stays non-mutating and the session `Sendable`. Copies
/// of a session share it, which is harmless: every copy derives the same ratchets.
final class LatestRatchet: Sendable {
    private let latest = Mutex<MegolmRatchet?>(nil)

    /// The kept ratchet when it is not past `index`.
    func ratchet(notAfter index: UInt32) -> MegolmRatchet? {
        latest.withLock { kept in kept.flatMap { $0.index <= index ? $0 : nil } }
    }

    /// Keeps `ratchet` unless a later one is kept already.
    func offer(_ ratchet: MegolmRatchet) {
        latest.withLock { kept in
            if kept.map({ $0.index < ratchet.index }) ?? true { kept = ratchet }
        }
    }
}
