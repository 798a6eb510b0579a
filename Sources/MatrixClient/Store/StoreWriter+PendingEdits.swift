import GRDB

extension StoreWriter {
    /// Keeps an edit whose message the store does not hold readable yet (a page brought the edit
    /// before its original, a short timeline the edit without it, the original waits for its key),
    /// the latest per message and sender, until `applyPendingEdits` finds the message.
    static func keepPendingEdit(of targetID: String, sender: String, body: String, formattedBody: String?, sentAt: Int64,
                                in database: Database) throws {
        let readable = try Bool.fetchOne(database, sql: "SELECT EXISTS (SELECT 1 FROM message WHERE event_id = ? AND decryption_failure IS NULL)",
                                         arguments: [targetID]) ?? false
        guard !readable else { return }
        try database.execute(sql: """
            INSERT INTO pending_edit (target_id, sender, body, formatted_body, sent_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (target_id, sender) DO UPDATE SET body = excluded.body, formatted_body = excluded.formatted_body, sent_at = excluded.sent_at
            WHERE excluded.sent_at >= pending_edit.sent_at
            """, arguments: [targetID, sender, body, formattedBody, sentAt])
    }

    /// Applies the kept edits of messages just stored or just decrypted, by their own sender only,
    /// and forgets them. Returns the messages it changed.
    static func applyPendingEdits(to eventIDs: some Collection<String>, in database: Database) throws -> [String] {
        guard !eventIDs.isEmpty, try Bool.fetchOne(database, sql: "SELECT EXISTS (SELECT 1 FROM pending_edit)") == true else { return [] }
        let apply = try database.cachedStatement(sql: """
            UPDATE message SET body = pending_edit.body, formatted_body = pending_edit.formatted_body, edited = 1
            FROM pending_edit WHERE message.event_id = ? AND pending_edit.target_id = message.event_id
              AND pending_edit.sender = message.sender AND NOT message.redacted AND message.decryption_failure IS NULL
            """)
        let forget = try database.cachedStatement(sql: "DELETE FROM pending_edit WHERE target_id = ?")
        var changed: [String] = []
        for eventID in eventIDs {
            try apply.execute(arguments: [eventID])
            if database.changesCount > 0 { changed.append(eventID) }
            try forget.execute(arguments: [eventID])
        }
        return changed
    }
}
