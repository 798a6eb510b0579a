import Foundation
import GRDB

/// Room keys their sender withheld from this device (`m.room_key.withheld`), so the messages that
/// wait for them say why.
extension StoreWriter {
    public nonisolated func withheldFailure(of session: GroupSessionKey) async throws -> DecryptionFailure? {
        try await pool.read { database in
            try String.fetchOne(database, sql: "SELECT failure FROM withheld_session WHERE room_id = ? AND session_id = ?",
                                arguments: [session.roomID, session.sessionID]).flatMap(DecryptionFailure.init(rawValue:))
        }
    }

    /// Records why a session's key was withheld, and marks its stored messages that still wait
    /// for a key with it (they stay waiting: the key may come yet). Returns those messages.
    public func recordWithheld(_ failure: DecryptionFailure, for session: GroupSessionKey) throws -> [MessageRecord] {
        try transaction { database in
            try database.execute(sql: "INSERT OR REPLACE INTO withheld_session (room_id, session_id, failure) VALUES (?, ?, ?)",
                                 arguments: [session.roomID, session.sessionID, failure.rawValue])
            let waiting = try String.fetchAll(database, sql: "SELECT event_id FROM encrypted_event WHERE room_id = ? AND session_id = ?",
                                              arguments: [session.roomID, session.sessionID])
            guard !waiting.isEmpty else { return [] }
            try database.execute(sql: """
                UPDATE message SET decryption_failure = ? WHERE decryption_failure = ? AND event_id IN (\(databaseQuestionMarks(count: waiting.count)))
                """, arguments: StatementArguments([failure.rawValue, DecryptionFailure.missingKey.rawValue] + waiting))
            return try MessageRecord.filter(waiting.contains(Column("event_id"))).fetchAll(database)
        }
    }
}
