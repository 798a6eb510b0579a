import GRDB

extension StoreWriter {
    /// Applies a sync response for the account `userID`: what `SyncLoop` does with each one.
    @discardableResult
    public func apply(_ response: SyncResponse, userID: String) throws -> SyncResult {
        try apply(SyncBatch(response, userID: userID), nextBatch: response.nextBatch)
    }

    /// Applies one sync response and its token in one transaction. Returns the rooms as they now
    /// stand and the messages the store did not have yet; a message our send queue sent leaves
    /// the outbox here, in the same transaction that stores its echo.
    ///
    /// An initial sync brings tens of thousands of rows, so rows go in through cached prepared
    /// statements, and the stored rooms are fetched in one query rather than one by one.
    @discardableResult
    public func apply(_ batch: SyncBatch, nextBatch: String) throws -> SyncResult {
        try transaction { database in
            let stored = try RoomRecord.fetchAll(database, keys: batch.rooms.map(\.roomID))
            let storedByID = Dictionary(stored.map { ($0.roomID, $0) }) { _, last in last }
            let rooms = try batch.rooms.map { change in
                let room = change.applied(to: storedByID[change.roomID])
                try room.upsert(database)
                return room
            }
            let saveMember = try database.cachedStatement(sql: """
                INSERT INTO member (room_id, user_id, display_name) VALUES (?, ?, ?)
                ON CONFLICT (room_id, user_id) DO UPDATE SET display_name = excluded.display_name
                """)
            for member in batch.members {
                try saveMember.execute(arguments: [member.roomID, member.userID, member.displayName])
            }
            let insertMessage = try database.cachedStatement(sql: """
                INSERT OR IGNORE INTO message (event_id, room_id, sender, msgtype, body, origin_server_ts, transaction_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            let leaveOutbox = try database.cachedStatement(sql: "DELETE FROM outbox WHERE transaction_id = ?")
            var fresh: [MessageRecord] = []
            for message in batch.messages {
                try insertMessage.execute(arguments: [message.eventID, message.roomID, message.sender, message.msgtype, message.body,
                                                      message.originServerTS, message.transactionID])
                if database.changesCount > 0 { fresh.append(message) }
                if let transactionID = message.transactionID {
                    try leaveOutbox.execute(arguments: [transactionID])
                }
            }
            try database.execute(sql: "INSERT INTO sync_state (id, next_batch) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET next_batch = excluded.next_batch",
                                 arguments: [nextBatch])
            return SyncResult(rooms: rooms, messages: fresh)
        }
    }
}
