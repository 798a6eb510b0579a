import Foundation
import MatrixClient

extension AppState {
    func send(_ action: RelationAction, in room: RoomContext) async -> Bool {
        let roomID = room.roomID
        do throws(ShellError) {
            switch action {
            case .reply(let reference, let text):
                let parent = try await message(reference, in: roomID)
                return await queueMessage(text, msgtype: "m.text", in: room, relation: .reply(to: parent.eventID, sender: parent.sender),
                                          quoting: parent)
            case .edit(let reference, let text):
                let original = try await message(reference, in: roomID)
                guard original.sender == room.session.userID, !original.isRedacted else { throw .notOwnMessage }
                return await queueMessage(text, msgtype: original.msgtype, in: room, relation: .replacement(of: original.eventID), editing: original)
            case .react(let reference, let key):
                let target = try await message(reference, in: roomID)
                let emoji = Shortcodes.expand(key)
                try await enqueue(eventType: "m.reaction", relation: .annotation(of: target.eventID, key: emoji), body: emoji, in: room)
                return finish(.relation(.reactionQueued(key: emoji, reference: reference.text, number: self.reference(of: target))))
            case .unreact(let reference, let key):
                let target = try await message(reference, in: roomID)
                let emoji = Shortcodes.expand(key)
                let own = (try? await room.store.reactions(to: [target.eventID])) ?? []
                guard let reaction = own.first(where: { $0.sender == room.session.userID && $0.key == emoji }) else { throw .noSuchReaction(emoji) }
                try await enqueue(eventType: "m.room.redaction", relation: .redaction(of: reaction.eventID), body: "", in: room)
                return finish(.relation(.redactionQueued(reference: reference.text, number: self.reference(of: target))))
            case .redact(let reference, let reason):
                let target = try await message(reference, in: roomID)
                if target.sender != room.session.userID { try await checkMayRedactOthers(in: room) }
                try await enqueue(eventType: "m.room.redaction", relation: .redaction(of: target.eventID), body: reason ?? "", in: room)
                return finish(.relation(.redactionQueued(reference: reference.text, number: self.reference(of: target))))
            }
        } catch {
            return finish(.failure(error))
        }
    }

    /// The message of the open room a reference names: a number shown this session, a place from
    /// the newest (see `NewestMessages`), or an event ID the store has.
    func message(_ reference: MessageReference, in roomID: String) async throws(ShellError) -> MessageRecord {
        let found = try await message(reference, newestIn: roomID)
        guard let found, found.roomID == roomID else { throw .unknownMessage(reference.text) }
        return found
    }

    /// The message a reference names, in whichever room: `^` counts from the newest of `roomID`,
    /// ours that sync has not brought back yet included. One still in the outbox has no event to
    /// name yet: a command on it is refused rather than taken to mean the message before.
    func message(_ reference: MessageReference, newestIn roomID: String?) async throws(ShellError) -> MessageRecord? {
        switch reference {
        case .shown(let number):
            guard let eventID = state.references.eventID(for: number) else {
                if state.references.isPending(number) { throw .messageNotSent(reference.text) }
                return nil
            }
            return await storedOrFound(eventID)
        case .latest(let place):
            guard let roomID, let store = state.store else { return nil }
            let outbox = (try? await store.outbox()) ?? []
            let stored = (try? await store.messages(in: roomID, before: nil, limit: place)) ?? []
            var sent: [MessageRecord] = []
            for message in state.sentMessages.messages(in: roomID) {
                sent.append((try? await store.message(eventID: message.eventID)) ?? message)
            }
            let newest = NewestMessages(outbox: outbox, stored: stored, sent: sent, in: roomID)
            switch newest.message(at: place) {
            case .message(let message): return message
            case .unsent: throw .messageNotSent(reference.text)
            case nil: return nil
            }
        case .eventID(let eventID):
            return await storedOrFound(eventID)
        }
    }

    private func storedOrFound(_ eventID: String) async -> MessageRecord? {
        if let stored = try? await state.store?.message(eventID: eventID) { return stored }
        return state.sentMessages.message(eventID: eventID) ?? state.fetchedMessages[eventID]
    }

    /// Removing another's message (and ending another's poll) needs the room's `redact` level:
    /// refused here, it names the level, and nothing waits in the outbox for a refusal the server
    /// would give anyway.
    func checkMayRedactOthers(in room: RoomContext, for command: CommandName = .redact) async throws(ShellError) {
        let levels: PowerLevels
        do {
            levels = try await room.services.rooms.powerLevels(roomID: room.roomID)
        } catch {
            throw .matrix(error)
        }
        let own = levels.level(of: room.session.userID), required = levels.levelNeededToRedactOthers
        guard own < required else { return }
        let roomName = roomName(of: room.roomID)
        throw .stateNotPermitted(command: "/" + command.rawValue, roomName: roomName, required: required, own: own)
    }

    /// Writes a reaction, a redaction or a vote to the outbox, for the queue to send like any message.
    func enqueue(eventType: String, relation: MessageRelation, body: String, in room: RoomContext) async throws(ShellError) {
        let now = environment.clock.date
        try await enqueue(OutboxEntry(transactionID: TransactionID.make(at: now), roomID: room.roomID, eventType: eventType, relation: relation,
                                      msgtype: "", body: body, createdAt: now.matrixTimestamp), in: room)
    }

    /// Writes an entry that is no typed message to the outbox, and wakes the queue.
    func enqueue(_ entry: OutboxEntry, in room: RoomContext) async throws(ShellError) {
        do {
            try await room.store.enqueue(entry, clearingDraft: false)
        } catch {
            throw .notQueued
        }
        await state.sendQueue?.wake()
    }
}
