import Foundation
import MatrixCrypto

extension CryptoMachine {
    /// The events with each `m.room.encrypted` one decrypted in place, or marked with why it
    /// could not be. Works for sync timelines and history pages alike.
    public func decrypt(_ events: [SyncEvent], in roomID: String) async -> [SyncEvent] {
        guard events.contains(where: { $0.type == MessageRecord.encryptedType }) else { return events }
        var decrypted: [SyncEvent] = []
        decrypted.reserveCapacity(events.count)
        for event in events {
            decrypted.append(event.type == MessageRecord.encryptedType ? await decrypt(event, in: roomID) : event)
        }
        return decrypted
    }

    /// One room event: the plaintext event (its `type`, its `content` with the cleartext
    /// `m.relates_to` kept) when the room key is here and everything checks out.
    func decrypt(_ event: SyncEvent, in roomID: String) async -> SyncEvent {
        let content = event.content
        // A redacted encrypted event has nothing left to decrypt.
        guard event.unsigned?["redacted_because"] == nil else { return event }
        var failed = event
        guard content["algorithm"]?.string == CryptoAlgorithm.megolm, let sessionID = content["session_id"]?.string,
              let ciphertext = content["ciphertext"]?.string else {
            failed.encryption = EventEncryption(senderKey: content["sender_key"]?.string ?? "", sessionID: content["session_id"]?.string ?? "",
                                                failure: .unsupportedAlgorithm)
            return failed
        }
        failed.encryption = EventEncryption(senderKey: content["sender_key"]?.string ?? "", sessionID: sessionID, failure: .missingKey)
        guard let (record, session) = await groupSession(roomID: roomID, sessionID: sessionID) else {
            logger.debug("no room key", metadata: ["room": "\(roomID)", "session": "\(sessionID)", "event": "\(event.eventID ?? "")"])
            keysToRequest[GroupSessionKey(roomID: roomID, sessionID: sessionID)] = content["sender_key"]?.string ?? ""
            return failed
        }
        failed.encryption?.senderKey = record.senderKey
        let message: DecryptedGroupMessage
        do {
            message = try session.decrypt(ciphertext)
        } catch MatrixCryptoError.unknownMessageIndex {
            failed.encryption?.failure = .unknownIndex
            return failed
        } catch {
            failed.encryption?.failure = .corrupt
            return failed
        }
        guard let plaintext = try? MatrixJSON(json: message.plaintext), let type = plaintext["type"]?.string,
              case .object(var decryptedContent)? = plaintext["content"] else {
            failed.encryption?.failure = .corrupt
            return failed
        }
        // The room key was sent for this room by a device of this sender, or it is not this event.
        let device = try? await store.device(curve25519: record.senderKey)
        guard plaintext["room_id"]?.string == roomID, device.map({ $0.userID == event.sender && $0.ed25519 == record.signingKey }) ?? true else {
            failed.encryption?.failure = .mismatch
            return failed
        }
        // Relations stay in the clear so servers can aggregate them; the spec puts them outside.
        if decryptedContent["m.relates_to"] == nil, let relation = content["m.relates_to"] {
            decryptedContent["m.relates_to"] = relation
        }
        var decrypted = event
        decrypted.type = type
        decrypted.content = .object(decryptedContent)
        decrypted.encryption = EventEncryption(senderKey: record.senderKey, sessionID: sessionID, isKeyImported: record.isImported)
        return decrypted
    }

    /// Stored events of these sessions that waited for their key, now decrypted, and what that
    /// changed; `nil` when none could be.
    public func retryUndecrypted(sessionIDs: Set<String>) async -> SyncResult? {
        guard let waiting = try? await store.undecryptedEvents(sessionIDs: sessionIDs), !waiting.isEmpty else { return nil }
        var decrypted: [SyncEvent] = []
        for entry in waiting {
            var event = await decrypt(entry.event, in: entry.roomID)
            guard event.encryption?.failure == nil else { continue }
            event.roomID = entry.roomID
            decrypted.append(event)
        }
        guard !decrypted.isEmpty else { return nil }
        return try? await store.applyDecrypted(SyncBatch(decrypted: decrypted), eventIDs: decrypted.compactMap(\.eventID))
    }
}
