import GRDB

extension StoreWriter {
    /// A room's unread messages and mentions among those stored after a time, by what the push
    /// rules said of each, leaving out the user's own and those of people they ignore.
    static let unreadStoredSQL = """
        SELECT COUNT(*), COALESCE(SUM(push = 2), 0) FROM message
        WHERE room_id = ? AND sender != ? AND push > 0 AND NOT redacted AND origin_server_ts > ? AND \(notIgnored)
        """

    /// The rooms whose unread counts the client keeps (sliding sync on Synapse sends zeros) and
    /// those where the user's own read receipt changed; a receipt comes only where it counts.
    static func roomsCountingUnread(in batch: SyncBatch) -> Set<String> {
        guard batch.userID != nil else { return [] }
        return Set(batch.rooms.lazy.filter(\.countsUnreadItself).map(\.roomID)).union(batch.ownReadTimes.keys)
    }

    /// Unread counts of the `counted` rooms, as Element X counts them on the client: messages
    /// from others since the user last read the room (by the timestamp of their own read receipt,
    /// from any of their devices) that the push rules said notify (kept in `message.push`), those
    /// that notify as mentions as highlights. A new receipt counts again what the store holds
    /// after it; otherwise what this batch brought (`arrivals`) adds to the stored counts. A room
    /// of which sync sent only the newest event counts only what it knows: that it is unread, if
    /// not how much. Runs in `apply`'s transaction, after the batch's messages are in; returns
    /// the rooms changed, with those whose only news was the user's receipt (read on another
    /// device) added.
    static func countUnread(in rooms: [RoomRecord], batch: SyncBatch, counted: Set<String>, arrivals: [UnreadArrival],
                            database: Database) throws -> [RoomRecord] {
        guard !counted.isEmpty, let userID = batch.userID else { return rooms }
        let changed = Set(rooms.map(\.roomID))
        let readOnly = try RoomRecord.fetchAll(database, keys: counted.subtracting(changed)).filter { $0.membership == .join }
        let saveRead = try database.cachedStatement(sql: """
            INSERT INTO own_read (room_id, ts) VALUES (?, ?) ON CONFLICT (room_id) DO UPDATE SET ts = MAX(ts, excluded.ts)
            """)
        for (roomID, time) in batch.ownReadTimes where counted.contains(roomID) {
            try saveRead.execute(arguments: [roomID, time])
        }
        let arrivedByRoom = Dictionary(grouping: arrivals, by: \.roomID)
        let readTime = try database.cachedStatement(sql: "SELECT ts FROM own_read WHERE room_id = ?")
        let unreadStored = try database.cachedStatement(sql: Self.unreadStoredSQL)
        let save = try database.cachedStatement(sql: "UPDATE room SET notification_count = ?, highlight_count = ? WHERE room_id = ?")
        return try (rooms + readOnly).map { room in
            guard counted.contains(room.roomID) else { return room }
            var room = room
            let since = try Int64.fetchOne(readTime, arguments: [room.roomID]) ?? 0
            let arrived = (arrivedByRoom[room.roomID] ?? []).filter { $0.sentAt > since }
            if batch.ownReadTimes[room.roomID] != nil, let row = try Row.fetchOne(unreadStored, arguments: [room.roomID, userID, since]) {
                room.notificationCount = row[0]
                room.highlightCount = row[1]
            } else {
                room.notificationCount += arrived.count
                room.highlightCount += arrived.count(where: \.isMention)
            }
            try save.execute(arguments: [room.notificationCount, room.highlightCount, room.roomID])
            return room
        }
    }

    /// Every joined room counted again from what the store holds since the user last read it:
    /// the list of those ignored changed, whose messages count no more (or again). Only where
    /// the client counts (sliding sync); a server that counts does so itself.
    static func recountUnread(of rooms: [RoomRecord], userID: String, database: Database) throws -> [RoomRecord] {
        let stored = try RoomRecord.filter(Column("membership") == RoomRecord.Membership.join.rawValue).fetchAll(database)
        let given = Dictionary(rooms.map { ($0.roomID, $0) }) { _, last in last }
        let readTime = try database.cachedStatement(sql: "SELECT ts FROM own_read WHERE room_id = ?")
        let unreadStored = try database.cachedStatement(sql: Self.unreadStoredSQL)
        let save = try database.cachedStatement(sql: "UPDATE room SET notification_count = ?, highlight_count = ? WHERE room_id = ?")
        let recounted = try stored.map { storedRoom in
            var room = given[storedRoom.roomID] ?? storedRoom
            let since = try Int64.fetchOne(readTime, arguments: [room.roomID]) ?? 0
            guard let row = try Row.fetchOne(unreadStored, arguments: [room.roomID, userID, since]) else { return room }
            (room.notificationCount, room.highlightCount) = (row[0], row[1])
            try save.execute(arguments: [room.notificationCount, room.highlightCount, room.roomID])
            return room
        }
        let recountedIDs = Set(recounted.map(\.roomID))
        return rooms.filter { !recountedIDs.contains($0.roomID) } + recounted
    }
}

/// A new message that notifies, in a room whose unread counts the client keeps.
struct UnreadArrival {
    let roomID: String
    let sentAt: Int64
    let isMention: Bool

    /// `message` as it counts, when it does: in a `counted` room, not redacted, and not among
    /// those a gap took (`dropped`), which were counted already.
    init?(_ message: borrowing MessageRecord, actions: PushActions, counted: Set<String>, dropped: Set<String>) {
        guard counted.contains(message.roomID), !message.isRedacted, !dropped.contains(message.eventID) else { return nil }
        roomID = message.roomID
        sentAt = message.originServerTS
        isMention = actions.highlight
    }
}
