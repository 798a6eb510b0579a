import GRDB

extension StoreWriter {
    /// Records the event each Megolm message index decrypted, where the index is new, in one
    /// transaction. Returns the uses refused, each with the use that had the index first: another
    /// event ID or timestamp is a replay. The same event again is not refused.
    public func claimMegolmIndexes(_ uses: [MegolmIndexUse]) throws -> [MegolmIndexUse: MegolmIndexUse] {
        try transaction { database in
            let insert = try database.cachedStatement(sql: """
                INSERT OR IGNORE INTO megolm_message_index (room_id, session_id, message_index, event_id, origin_server_ts)
                VALUES (?, ?, ?, ?, ?)
                """)
            let select = try database.cachedStatement(sql: """
                SELECT event_id, origin_server_ts FROM megolm_message_index WHERE room_id = ? AND session_id = ? AND message_index = ?
                """)
            var refused: [MegolmIndexUse: MegolmIndexUse] = [:]
            for use in uses {
                try insert.execute(arguments: [use.roomID, use.sessionID, use.messageIndex, use.eventID, use.originServerTS])
                guard database.changesCount == 0,
                      let first = try Row.fetchOne(select, arguments: [use.roomID, use.sessionID, use.messageIndex]) else { continue }
                var firstUse = use
                firstUse.eventID = first["event_id"]
                firstUse.originServerTS = first["origin_server_ts"]
                if firstUse != use { refused[use] = firstUse }
            }
            return refused
        }
    }
}
