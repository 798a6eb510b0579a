import GRDB

extension StoreWriter {
    /// The newest main-timeline message of each of these rooms that holds one, with its sender's
    /// display name in that room where the store knows it. One indexed lookup a room, walking
    /// back from its newest row, in one read.
    public nonisolated func newestMessages(inRooms roomIDs: [String]) async throws -> [(message: MessageRecord, senderName: String?)] {
        guard !roomIDs.isEmpty else { return [] }
        return try await pool.read { database in
            try roomIDs.compactMap { roomID in
                let newest = MessageRecord.filter(Column("room_id") == roomID && Column("thread_root") == nil).order(Column("seq").desc)
                guard let message = try newest.fetchOne(database) else { return nil }
                let member = try MemberRecord.filter(Column("room_id") == roomID && Column("user_id") == message.sender).fetchOne(database)
                return (message, member?.displayName)
            }
        }
    }
}
