import Foundation
import MatrixCrypto
import MatrixJSON

extension CryptoMachine {
    /// Takes in what a sync brought for encryption, before the store applies it: device list
    /// changes, room keys and secrets from to-device messages (verification messages sent over
    /// Olm decrypted in place), then the timeline's encrypted events decrypted in place (a key and its messages often come in the same response). Returns the
    /// response to store and the IDs of the Megolm sessions that arrived, whose older messages
    /// are worth another try.
    public func receive(_ response: SyncResponse) async -> (response: SyncResponse, newSessions: Set<String>) {
        let updates = response.encryption
        if !updates.changedUsers.isEmpty || !updates.leftUsers.isEmpty {
            try? await store.updateTracking(changed: updates.changedUsers, left: updates.leftUsers)
        }
        var newSessions: Set<String> = []
        for event in updates.toDeviceEvents where event.type == Self.keyRequestType {
            await answerKeyRequest(event)
        }
        for event in updates.toDeviceEvents where event.type == Self.secretRequestType {
            await answerSecretRequest(event)
        }
        // Before the timeline: its messages of a withheld session say why at once.
        for event in updates.toDeviceEvents where event.type == Self.withheldType {
            withheldChanges += await takeWithheld(event)
        }
        var response = response
        for (index, event) in updates.toDeviceEvents.enumerated() where event.type == MessageRecord.encryptedType {
            do throws(OlmReceiveFailure) {
                let (plaintext, senderKey) = try await decryptToDevice(event)
                if let sessionID = await takeRoomKey(plaintext, senderKey: senderKey, sender: event.sender) {
                    newSessions.insert(sessionID)
                }
                await takeSecret(plaintext, senderKey: senderKey, sender: event.sender)
                await takeBundle(plaintext, senderKey: senderKey, sender: event.sender)
                if let verification = Self.verificationMessage(in: plaintext, sender: event.sender) {
                    response.encryption.toDeviceEvents[index] = verification
                }
            } catch {
                logger.warning("to-device message refused", metadata: ["sender": "\(event.sender)", "reason": "\(error)"])
            }
        }
        forgetRecipients(changedIn: response)
        await follow(KeyBackupPreference(accountData: response.accountData))
        for (roomID, room) in response.rooms.joined {
            response.rooms.joined[roomID]?.timeline.events = await decrypt(room.timeline.events, in: roomID)
        }
        for (roomID, room) in response.rooms.left {
            response.rooms.left[roomID]?.timeline.events = await decrypt(room.timeline.events, in: roomID)
        }
        return (response, newSessions)
    }

    /// A verification message sent over Olm (as Element Web may send it), as the to-device event
    /// it would have been in the clear; it takes the encrypted one's place, so a flow's steps keep
    /// their order. The sender is the one the Olm checks held to.
    static func verificationMessage(in plaintext: JSONValue, sender: String) -> SyncEvent? {
        guard let type = plaintext["type"]?.string, type.hasPrefix(VerificationMessage.typePrefix),
              let content = plaintext["content"], content.object != nil else { return nil }
        return SyncEvent(type: type, sender: sender, content: content)
    }

    /// Drops the cached readers of rooms where someone joined, left or was invited, or whose
    /// history visibility changed: the next message there asks the server again.
    private func forgetRecipients(changedIn response: SyncResponse) {
        let readersChange: (SyncEvent) -> Bool = { $0.type == "m.room.member" || $0.type == "m.room.history_visibility" }
        for (roomID, room) in response.rooms.joined
        where room.state.contains(where: readersChange) || room.timeline.events.contains(where: readersChange) {
            recipientsByRoom[roomID] = nil
        }
        for roomID in response.rooms.left.keys {
            recipientsByRoom[roomID] = nil
        }
    }

    /// Stores the Megolm session of an `m.room_key` (from its creator) or `m.forwarded_room_key`
    /// (from one of our own devices only: nobody else may vouch for a key); returns its ID.
    private func takeRoomKey(_ plaintext: JSONValue, senderKey: String, sender: String) async -> String? {
        let content = plaintext["content"]
        // Whether the key may go into a bundle for people invited later: the spec's name, the
        // Rust SDK's, and the MSC's unstable one.
        let sharesHistory = [content?["shared_history"], content?["m.shared_history"], content?["org.matrix.msc3061.shared_history"]]
            .lazy.compactMap { $0?.bool }.first ?? false
        guard content?["algorithm"]?.string == CryptoAlgorithm.megolm, let roomID = content?["room_id"]?.string,
              let sessionID = content?["session_id"]?.string, let key = content?["session_key"]?.string else { return nil }
        let record: GroupSessionRecord
        let session: InboundGroupSession
        switch plaintext["type"]?.string {
        case "m.room_key":
            guard let signingKey = plaintext["keys"]?["ed25519"]?.string,
                  let made = try? InboundGroupSession(sessionKey: MegolmSessionKey(base64: key)) else { return nil }
            session = made
            record = GroupSessionRecord(roomID: roomID, sessionID: sessionID, senderKey: senderKey, signingKey: signingKey,
                                        isImported: false, state: Data(), sharesHistory: sharesHistory)
        case "m.forwarded_room_key":
            guard sender == userID, let origin = content?["sender_key"]?.string,
                  let signingKey = content?["sender_claimed_ed25519_key"]?.string,
                  let made = try? InboundGroupSession(exportedKey: MegolmSessionKey(base64: key)) else { return nil }
            session = made
            record = GroupSessionRecord(roomID: roomID, sessionID: sessionID, senderKey: origin, signingKey: signingKey,
                                        isImported: true, state: Data(), sharesHistory: sharesHistory)
        default:
            return nil
        }
        guard session.sessionID == sessionID else { return nil }
        return await keep(session, as: record) ? sessionID : nil
    }

    /// Stores an inbound session unless one as good is stored: one that reaches further back, or
    /// as far and from its creator rather than imported. A key from its creator for a session
    /// held from an import that reaches further back takes the imported one's earlier start when
    /// the two ratchets connect (the earlier messages are the creator's too), else it replaces it.
    /// Returns whether it was stored.
    func keep(_ session: InboundGroupSession, as record: GroupSessionRecord) async -> Bool {
        await !keep([(session, record)]).isEmpty
    }

    /// `keep` for many sessions, in one transaction; `backedUp` when they came from the backup,
    /// which then needs no copy of them. Returns the IDs of the sessions stored.
    func keep(_ candidates: [(session: InboundGroupSession, record: GroupSessionRecord)], backedUp: Bool = false) async -> Set<String> {
        var best = await storedSessions(for: candidates.map(\.record))
        var chosen: [GroupSessionKey: (record: GroupSessionRecord, session: InboundGroupSession)] = [:]
        for (candidate, record) in candidates {
            let key = GroupSessionKey(roomID: record.roomID, sessionID: record.sessionID)
            var session = candidate
            if let known = best[key] {
                let start = candidate.firstKnownIndex
                if known.record.isImported, !record.isImported, known.session.firstKnownIndex < start {
                    if known.session.export(at: start) == candidate.export(at: start) { session = known.session }
                } else if known.session.firstKnownIndex < start || known.session.firstKnownIndex == start && (!known.record.isImported || record.isImported) {
                    continue
                }
            }
            guard let exported = session.export(at: session.firstKnownIndex) else { continue }
            var record = record
            record.state = cipher.seal(Data(exported.base64.utf8))
            best[key] = (record, session)
            chosen[key] = (record, session)
        }
        guard !chosen.isEmpty else { return [] }
        do {
            try await store.saveInboundGroupSessions(chosen.values.map(\.record), backedUp: backedUp)
        } catch {
            return []
        }
        // One session is about to be used (a key that just arrived); a restore's thousands are not.
        for (key, entry) in chosen { groupSessions[key] = chosen.count == 1 ? entry : nil }
        for entry in chosen.values {
            logger.debug("room key stored", metadata: ["room": "\(entry.record.roomID)", "session": "\(entry.record.sessionID)",
                                                       "first_index": "\(entry.session.firstKnownIndex)"])
        }
        return Set(chosen.keys.map(\.sessionID))
    }

    /// The stored copies of these sessions, opened: from the cache, the rest in one read.
    private func storedSessions(for records: [GroupSessionRecord]) async -> [GroupSessionKey: (record: GroupSessionRecord, session: InboundGroupSession)] {
        var found: [GroupSessionKey: (record: GroupSessionRecord, session: InboundGroupSession)] = [:]
        var missing: Set<String> = []
        for record in records {
            let key = GroupSessionKey(roomID: record.roomID, sessionID: record.sessionID)
            if let cached = groupSessions[key] { found[key] = cached } else { missing.insert(record.sessionID) }
        }
        for stored in (try? await store.inboundGroupSessions(sessionIDs: missing)) ?? [] {
            guard let exported = exportedKey(of: stored), let session = try? InboundGroupSession(exportedKey: exported) else { continue }
            found[GroupSessionKey(roomID: stored.roomID, sessionID: stored.sessionID)] = (stored, session)
        }
        return found
    }

    /// An inbound Megolm session, from the cache or the store.
    func groupSession(roomID: String, sessionID: String) async -> (record: GroupSessionRecord, session: InboundGroupSession)? {
        let key = GroupSessionKey(roomID: roomID, sessionID: sessionID)
        if let cached = groupSessions[key] { return cached }
        guard let record = try? await store.inboundGroupSession(roomID: roomID, sessionID: sessionID),
              let exported = exportedKey(of: record), let session = try? InboundGroupSession(exportedKey: exported)
        else { return nil }
        groupSessions[key] = (record, session)
        return (record, session)
    }
}

extension CryptoMachine {
    /// A stored inbound session's state: its export from the first index it knows, sealed.
    func exportedKey(of record: GroupSessionRecord) -> MegolmSessionKey? {
        guard let opened = try? cipher.open(record.state) else { return nil }
        return MegolmSessionKey(base64: String(decoding: opened, as: UTF8.self))
    }
}
