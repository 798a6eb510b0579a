import GRDB

extension MemberRecord {
    /// Members' rows, `rows` to the statement; a member the room has already takes the new name.
    static func saveSQL(rows: Int) -> String {
        """
        INSERT INTO member (room_id, user_id, display_name) VALUES \([String](repeating: "(?, ?, ?)", count: rows).joined(separator: ", "))
        ON CONFLICT (room_id, user_id) DO UPDATE SET display_name = excluded.display_name
        """
    }
}

extension StoreWriter {
    /// Saves `members` many rows to a statement, as a sync's messages are stored
    /// (`MessageRowWriter`): an initial sync brings tens of thousands. A member twice in one
    /// statement is saved twice in order, so the later name stays. Returns the names as the
    /// store now has them.
    @discardableResult
    static func save(_ members: [MemberRecord], in database: Database) throws -> StoredMemberNames {
        let perStatement = MessageRowWriter.rowsPerStatement
        let full = try RowInserter(database, sql: MemberRecord.saveSQL(rows: perStatement))
        for start in stride(from: members.startIndex, to: members.endIndex, by: perStatement) {
            let rows = members[start..<min(start + perStatement, members.endIndex)]
            var inserter = rows.count == perStatement ? full : try RowInserter(database, sql: MemberRecord.saveSQL(rows: rows.count))
            for member in rows {
                inserter.bind(member.roomID)
                inserter.bind(member.userID)
                inserter.bind(member.displayName)
            }
            try inserter.run()
        }
        return try StoredMemberNames(database: database, saved: members)
    }
}
