/// Going back in a room's history beyond what sync brought.
public enum OlderHistory {
    /// A page of older events from the server into the store, decrypted as a sync's timeline is;
    /// those whose key has not arrived are kept to be tried again when it does. Edits, reactions
    /// and redactions in it apply to the messages they concern, oldest first, as from a sync.
    /// Returns the messages stored.
    @discardableResult
    public static func fetch(_ count: Int, of roomID: String, from token: String, into store: StoreWriter, through rooms: any RoomService,
                             decryptingWith crypto: CryptoMachine?) async throws -> [MessageRecord] {
        let page = try await rooms.olderEvents(roomID: roomID, from: token, limit: count)
        let events = await crypto?.decrypt(page.events, in: roomID) ?? page.events
        let messages = events.compactMap { event in MessageRecord(roomID: roomID, event: event).map { (record: $0, event: event) } }
        var relations = SyncBatch(decrypted: events.reversed().map { event in
            var event = event
            event.roomID = roomID
            return event
        })
        relations.keepNewestEdits()
        try await store.storeOlder(messages.map(\.record), undecrypted: messages.compactMap { UndecryptedEvent(waitingFor: $0.record, event: $0.event) },
                                   members: page.members.compactMap { MemberRecord(roomID: roomID, event: $0) }, relations: relations,
                                   roomID: roomID, nextBatch: page.next)
        return messages.map(\.record)
    }
}
