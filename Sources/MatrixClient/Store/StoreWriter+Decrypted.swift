import GRDB

extension StoreWriter {
    /// Encrypted events of these sessions still waiting for their key, oldest first.
    public nonisolated func undecryptedEvents(sessionIDs: Set<String>) async throws -> [UndecryptedEvent] {
        guard !sessionIDs.isEmpty else { return [] }
        return try await pool.read { database in
            try Row.fetchAll(database, sql: """
                SELECT encrypted_event.* FROM encrypted_event LEFT JOIN message USING (event_id)
                WHERE session_id IN (\(databaseQuestionMarks(count: sessionIDs.count))) ORDER BY message.seq
                """, arguments: StatementArguments(Array(sessionIDs))).compactMap { row in
                UndecryptedEvent(eventID: row["event_id"], roomID: row["room_id"], sessionID: row["session_id"], storedText: row["event"])
            }
        }
    }

    /// Applies events decrypted after they were stored (`SyncBatch(decrypted:)`): a message takes
    /// the place of its unreadable row, with an edit kept for it; an edit or reaction replaces its
    /// row with what it does.
    /// `eventIDs` are all the events decrypted, which no longer wait for a key.
    @discardableResult
    public func applyDecrypted(_ batch: SyncBatch, eventIDs: [String]) throws -> SyncResult {
        try transaction { database in
            var changed: [String] = []
            for message in batch.messages {
                try database.execute(sql: """
                    UPDATE message SET msgtype = ?, body = ?, formatted_body = ?, reply_to = ?, thread_root = ?, media = ?,
                                       previews = ?, sender_key = ?, decryption_failure = ?, key_imported = ?, malformed = ?, poll = ?,
                                       key_shared_by = ?
                    WHERE event_id = ? AND decryption_failure IS NOT NULL
                    """, arguments: [message.msgtype, message.body, message.formattedBody, message.replyTo, message.threadRoot,
                                     message.media?.storedText, message.previews?.storedText, message.senderKey, message.decryptionFailure?.rawValue,
                                     message.isKeyImported, message.malformedField, message.poll?.storedText, message.keySharedBy,
                                     message.eventID])
                if database.changesCount > 0 { changed.append(message.eventID) }
            }
            let messageIDs = Set(batch.messages.map(\.eventID))
            for eventID in eventIDs {
                try database.execute(sql: "DELETE FROM encrypted_event WHERE event_id = ?", arguments: [eventID])
                if !messageIDs.contains(eventID) {
                    try database.execute(sql: "DELETE FROM message WHERE event_id = ? AND decryption_failure IS NOT NULL", arguments: [eventID])
                }
            }
            _ = try Self.applyPendingEdits(to: changed, in: database)
            var result = try Self.applyRelations(of: batch, in: database)
            let updated = try MessageRecord.filter(changed.contains(Column("event_id"))).fetchAll(database)
            result.changedMessages = updated + result.changedMessages
            return result
        }
    }
}
