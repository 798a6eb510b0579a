import GRDB

extension StoreWriter {
    /// Unread counts of the rooms whose server keeps none (sliding sync on Synapse sends zeros), as
    /// Element X counts them on the client: messages from others since the user last read the
    /// room (by the timestamp of their own read receipt, from any of their devices), notices left
    /// out; mentions among them as highlights. A new receipt counts again what the store holds after
    /// it; otherwise what this batch brought adds to the stored counts. A room of which sync sent
    /// only the newest event counts only what it knows: that it is unread, if not how much.
    /// Runs in `apply`'s transaction, after the batch's messages are in; returns the rooms changed,
    /// with those whose only news was the user's receipt (read on another device) added.
    static func countUnread(in rooms: [RoomRecord], batch: SyncBatch, fresh: [MessageRecord], database: Database) throws -> [RoomRecord] {
        // A receipt comes only where the client counts (sliding sync).
        let counted = Set(batch.rooms.lazy.filter(\.countsUnreadItself).map(\.roomID)).union(batch.ownReadTimes.keys)
        guard !counted.isEmpty, let userID = batch.userID else { return rooms }
        let changed = Set(rooms.map(\.roomID))
        let readOnly = try RoomRecord.fetchAll(database, keys: counted.subtracting(changed)).filter { $0.membership == .join }
        let saveRead = try database.cachedStatement(sql: """
            INSERT INTO own_read (room_id, ts) VALUES (?, ?) ON CONFLICT (room_id) DO UPDATE SET ts = MAX(ts, excluded.ts)
            """)
        for (roomID, time) in batch.ownReadTimes where counted.contains(roomID) {
            try saveRead.execute(arguments: [roomID, time])
        }
        let arrivedByRoom = Dictionary(grouping: fresh.filter { counted.contains($0.roomID) && Self.notifies($0, userID: userID) }, by: \.roomID)
        let readTime = try database.cachedStatement(sql: "SELECT ts FROM own_read WHERE room_id = ?")
        let ownName = try database.cachedStatement(sql: "SELECT display_name FROM member WHERE room_id = ? AND user_id = ?")
        let unreadStored = try database.cachedStatement(sql: """
            SELECT COUNT(*) FROM message WHERE room_id = ? AND sender != ? AND msgtype != 'm.notice' AND NOT redacted AND origin_server_ts > ?
            """)
        let save = try database.cachedStatement(sql: "UPDATE room SET notification_count = ?, highlight_count = ? WHERE room_id = ?")
        return try (rooms + readOnly).map { room in
            guard counted.contains(room.roomID) else { return room }
            var room = room
            let since = try Int64.fetchOne(readTime, arguments: [room.roomID]) ?? 0
            let displayName = try String.fetchOne(ownName, arguments: [room.roomID, userID])
            let arrived = (arrivedByRoom[room.roomID] ?? []).filter { $0.originServerTS > since }
            let mentions = arrived.filter { message in
                MentionRule.mentions(userID, displayName: displayName, body: message.body, listed: batch.declaredMentions[message.eventID])
            }.count
            if batch.ownReadTimes[room.roomID] != nil {
                room.notificationCount = try Int.fetchOne(unreadStored, arguments: [room.roomID, userID, since]) ?? 0
                room.highlightCount = mentions
            } else {
                room.notificationCount += arrived.count
                room.highlightCount += mentions
            }
            try save.execute(arguments: [room.notificationCount, room.highlightCount, room.roomID])
            return room
        }
    }

    /// What counts as unread, by the spec's default push rules: others' messages, notices aside.
    private static func notifies(_ message: MessageRecord, userID: String) -> Bool {
        message.sender != userID && message.msgtype != "m.notice" && !message.isRedacted
    }
}
