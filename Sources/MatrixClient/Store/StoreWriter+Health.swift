import GRDB

/// What a problem report says about the store: whether SQLite finds it sound, and how many rows
/// each table holds. Never a row's content.
public struct StoreHealth: Sendable, Equatable {
    /// `PRAGMA integrity_check`'s answer: `ok`, or the problems it found.
    public var integrityCheck: [String]
    /// Rows by table name.
    public var rowCounts: [String: Int]

    public init(integrityCheck: [String], rowCounts: [String: Int]) {
        self.integrityCheck = integrityCheck
        self.rowCounts = rowCounts
    }
}

extension StoreWriter {
    /// Reads on the pool, off the caller's actor, beside writes as every read does.
    public nonisolated func health() async throws -> StoreHealth {
        try await pool.read { database in
            // At most 20 problems: enough to tell what broke, short enough to read.
            let problems = try String.fetchAll(database, sql: "PRAGMA integrity_check(20)")
            let tables = try String.fetchAll(database, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            var counts: [String: Int] = [:]
            for table in tables {
                counts[table] = try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
            return StoreHealth(integrityCheck: problems, rowCounts: counts)
        }
    }
}
