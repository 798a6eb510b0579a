import Foundation

extension CryptoMachine {
    /// Decrypts the encrypted ones of these events (the others pass as they are), then refuses
    /// each whose Megolm message index another event decrypted first. A server can send an old
    /// ciphertext again under a new event ID and timestamp, and it would read as a new message
    /// from its sender; the store remembers every index with its event, so the same event
    /// decrypts again any time (history, a retry, a restart). One store write for the batch.
    func decryptRefusingReplays(_ events: [(event: SyncEvent, roomID: String)]) async -> [SyncEvent] {
        var attempts: [(event: SyncEvent, indexUse: MegolmIndexUse?)] = []
        attempts.reserveCapacity(events.count)
        for (event, roomID) in events {
            attempts.append(event.type == MessageRecord.encryptedType ? await decrypt(event, in: roomID) : (event, nil))
        }
        let uses = attempts.compactMap(\.indexUse)
        guard !uses.isEmpty else { return attempts.map(\.event) }
        let firstUses: [MegolmIndexUse: MegolmIndexUse]
        do {
            firstUses = try await store.claimMegolmIndexes(uses)
        } catch {
            // Nothing to compare with: the text checked out (signature, MAC), and `replayed` would
            // be final. A sync whose store fails is not applied either, and comes again.
            logger.error("megolm message indexes not stored", metadata: ["error": "\(error)"])
            return attempts.map(\.event)
        }
        guard !firstUses.isEmpty else { return attempts.map(\.event) }
        return zip(events, attempts).map { original, attempt in
            guard let use = attempt.indexUse, let firstUse = firstUses[use] else { return attempt.event }
            logger.warning("replayed megolm message refused", metadata: [
                "room": "\(use.roomID)", "session": "\(use.sessionID)", "index": "\(use.messageIndex)",
                "event": "\(use.eventID)", "timestamp": "\(use.originServerTS.map(String.init) ?? "none")",
                "first_event": "\(firstUse.eventID)", "first_timestamp": "\(firstUse.originServerTS.map(String.init) ?? "none")",
            ])
            var refused = original.event
            refused.encryption = EventEncryption(senderKey: attempt.event.encryption?.senderKey ?? "", sessionID: use.sessionID,
                                                 failure: .replayed)
            return refused
        }
    }
}
