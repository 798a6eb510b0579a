import GRDB
import GRDBSQLite

/// Runs one prepared statement many times with values bound straight through SQLite. GRDB's
/// `StatementArguments` box every value, which is a third of the cost of an initial sync's tens
/// of thousands of rows; this is the one place that pays for going around it.
struct RowInserter {
    private let statement: Statement
    private let database: Database
    private var index: CInt = 0

    init(_ database: Database, sql: String) throws {
        self.database = database
        statement = try database.cachedStatement(sql: sql)
    }

    /// With its length in bytes, which SQLite would otherwise count again for each value.
    mutating func bind(_ text: String) {
        index += 1
        var text = text
        _ = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                // An empty buffer may have no address, which SQLite would read as NULL.
                guard let start = characters.baseAddress else { return sqlite3_bind_text(statement.sqliteStatement, index, "", 0, Self.transient) }
                return sqlite3_bind_text(statement.sqliteStatement, index, start, CInt(characters.count), Self.transient)
            }
        }
    }

    mutating func bind(_ text: String?) {
        guard let text else {
            index += 1
            sqlite3_bind_null(statement.sqliteStatement, index)
            return
        }
        bind(text)
    }

    mutating func bind(_ number: Int64) {
        index += 1
        sqlite3_bind_int64(statement.sqliteStatement, index, number)
    }

    /// Runs the statement with the values bound since the last run; returns how many rows it changed.
    @discardableResult
    mutating func run() throws -> Int {
        defer {
            sqlite3_reset(statement.sqliteStatement)
            index = 0
        }
        let code = sqlite3_step(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(database.sqliteConnection)),
                                sql: statement.sql)
        }
        return Int(sqlite3_changes(database.sqliteConnection))
    }

    /// SQLite copies the text before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
