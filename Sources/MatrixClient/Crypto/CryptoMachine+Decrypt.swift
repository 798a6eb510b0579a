import Foundation
import MatrixCrypto
import MatrixJSON

extension CryptoMachine {
    /// The events with each `m.room.encrypted` one decrypted in place, or marked with why it
    /// could not be. Works for sync timelines and history pages alike.
    public func decrypt(_ events: [SyncEvent], in roomID: String) async -> [SyncEvent] {
        guard events.contains(where: { $0.type == MessageRecord.encryptedType }) else { return events }
        return await decryptRefusingReplays(events.map { ($0, roomID) })
    }

    /// One room event: the plaintext event (its `type`, its `content` with the cleartext
    /// `m.relates_to` kept) when the room key is here and everything checks out, with the
    /// message index it used; replays are refused afterwards, for a batch at a time.
    func decrypt(_ event: SyncEvent, in roomID: String) async -> (event: SyncEvent, indexUse: MegolmIndexUse?) {
        let content = event.content
        // A redacted encrypted event has nothing left to decrypt.
        guard event.unsigned?["redacted_because"] == nil else { return (event, nil) }
        var failed = event
        guard content["algorithm"]?.string == CryptoAlgorithm.megolm, let sessionID = content["session_id"]?.string,
              let ciphertext = content["ciphertext"]?.string else {
            failed.encryption = EventEncryption(senderKey: content["sender_key"]?.string ?? "", sessionID: content["session_id"]?.string ?? "",
                                                failure: .unsupportedAlgorithm)
            return (failed, nil)
        }
        failed.encryption = EventEncryption(senderKey: content["sender_key"]?.string ?? "", sessionID: sessionID, failure: .missingKey)
        guard let (record, session) = await groupSession(roomID: roomID, sessionID: sessionID) else {
            logger.debug("no room key", metadata: ["room": "\(roomID)", "session": "\(sessionID)", "event": "\(event.eventID ?? "")"])
            let session = GroupSessionKey(roomID: roomID, sessionID: sessionID)
            keysToRequest[session] = content["sender_key"]?.string ?? ""
            if let withheld = try? await store.withheldFailure(of: session) {
                failed.encryption?.failure = withheld
            } else if event.unsigned?["membership"]?.string == "leave" {
                failed.encryption?.failure = .sentBeforeJoined
            }
            return (failed, nil)
        }
        failed.encryption?.senderKey = record.senderKey
        let message: DecryptedGroupMessage
        do {
            message = try session.decrypt(ciphertext)
        } catch MatrixCryptoError.unknownMessageIndex {
            failed.encryption?.failure = .unknownIndex
            return (failed, nil)
        } catch {
            failed.encryption?.failure = .corrupt
            return (failed, nil)
        }
        guard let plaintext = try? JSONValue(json: message.plaintext), let type = plaintext["type"]?.string,
              case .object(var decryptedContent)? = plaintext["content"] else {
            failed.encryption?.failure = .corrupt
            return (failed, nil)
        }
        // The room key was sent for this room by a device of this sender, or it is not this event.
        let device = try? await store.device(curve25519: record.senderKey)
        guard plaintext["room_id"]?.string == roomID, device.map({ $0.userID == event.sender && $0.ed25519 == record.signingKey }) ?? true else {
            failed.encryption?.failure = .mismatch
            return (failed, nil)
        }
        // Relations stay in the clear so servers can aggregate them; the spec puts them outside.
        if decryptedContent["m.relates_to"] == nil, let relation = content["m.relates_to"] {
            decryptedContent["m.relates_to"] = relation
        }
        var decrypted = event
        decrypted.type = type
        decrypted.content = .object(decryptedContent)
        decrypted.encryption = EventEncryption(senderKey: record.senderKey, sessionID: sessionID, isKeyImported: record.isImported,
                                               keySharedBy: record.sharedBy)
        let use = event.eventID.map {
            MegolmIndexUse(roomID: roomID, sessionID: sessionID, messageIndex: message.messageIndex, eventID: $0,
                           originServerTS: event.originServerTS)
        }
        return (decrypted, use)
    }

    /// Stored events of these sessions that waited for their key, now decrypted (or found
    /// unreadable for good, a replay say), and what that changed; `nil` when none could be.
    public func retryUndecrypted(sessionIDs: Set<String>) async -> SyncResult? {
        guard let waiting = try? await store.undecryptedEvents(sessionIDs: sessionIDs), !waiting.isEmpty else { return nil }
        let attempts = await decryptRefusingReplays(waiting.map { ($0.event, $0.roomID) })
        var decrypted: [SyncEvent] = []
        for (entry, var event) in zip(waiting, attempts) where event.encryption?.failure?.isRetryable != true {
            event.roomID = entry.roomID
            decrypted.append(event)
        }
        guard !decrypted.isEmpty else { return nil }
        return try? await store.applyDecrypted(SyncBatch(decrypted: decrypted), eventIDs: decrypted.compactMap(\.eventID))
    }
}
