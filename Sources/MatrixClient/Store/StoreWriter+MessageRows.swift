import GRDB

extension MessageRecord {
    /// New message rows, `rows` to the statement, each with its `seq`; one the store has already
    /// is left as it is.
    static func insertSQL(rows: Int) -> String {
        let values = [String](repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows)
        return """
            INSERT OR IGNORE INTO message (seq, event_id, room_id, sender, msgtype, body, formatted_body, origin_server_ts, transaction_id,
                                           reply_to, thread_root, redacted, redaction_reason, media, previews, sender_key,
                                           decryption_failure, key_imported, malformed, push, poll, key_shared_by)
            VALUES \(values.joined(separator: ", "))
            """
    }
}

/// Stores a sync's messages many rows to a statement: what SQLite does once a statement (start
/// it, read and write the table's `AUTOINCREMENT` counter) then comes once for many rows, which
/// takes a quarter off storing an initial sync's messages (BENCHMARKS.md). Each message gets its
/// `seq` as it is bound, counting on from the largest the table has ever had, as `AUTOINCREMENT`
/// would; so a `seq` the statement did not store is that of a message the store had already.
struct MessageRowWriter {
    static let rowsPerStatement = 32
    private let database: Database
    /// For all but a sync's last few messages.
    private let full: RowInserter
    private var nextSeq: Int64

    init(_ database: Database) throws {
        self.database = database
        full = try RowInserter(database, sql: MessageRecord.insertSQL(rows: Self.rowsPerStatement))
        // `sqlite_sequence` keeps the largest ever given, above any message deleted since.
        let largest = try Int64.fetchOne(database, sql: """
            SELECT MAX(IFNULL((SELECT seq FROM sqlite_sequence WHERE name = 'message'), 0), IFNULL((SELECT MAX(seq) FROM message), 0))
            """)
        nextSeq = (largest ?? 0) + 1
    }

    /// Stores the messages `waiting` names (at most `rowsPerStatement`, each by its index in
    /// `messages` with what the push rules said of it) in one statement, each given its `seq` in
    /// place; returns, in order, whether each is new. One the store had already keeps no `seq`.
    mutating func store(_ waiting: [(index: Int, actions: PushActions?)], of messages: UnsafeMutableBufferPointer<MessageRecord>) throws -> [Bool] {
        precondition(waiting.count <= Self.rowsPerStatement)
        guard !waiting.isEmpty else { return [] }
        let first = nextSeq
        var inserter = waiting.count == Self.rowsPerStatement ? full : try RowInserter(database, sql: MessageRecord.insertSQL(rows: waiting.count))
        for (index, actions) in waiting {
            messages[index].seq = nextSeq
            nextSeq += 1
            Self.bind(&messages[index], push: actions?.storedLevel ?? 0, to: &inserter)
        }
        guard try inserter.run() < waiting.count else { return [Bool](repeating: true, count: waiting.count) }
        let stored = try Set(Int64.fetchAll(database, sql: "SELECT seq FROM message WHERE seq BETWEEN ? AND ?", arguments: [first, nextSeq - 1]))
        return waiting.map { index, _ in
            let isNew = stored.contains(messages[index].seq ?? 0)
            if !isNew { messages[index].seq = nil }
            return isNew
        }
    }

    /// In place: an initial sync stores tens of thousands, and a copy of each would retain every
    /// one of its fields.
    private static func bind(_ message: inout MessageRecord, push: Int64, to inserter: inout RowInserter) {
        inserter.bind(message.seq ?? 0)
        inserter.bind(message.eventID)
        inserter.bind(message.roomID)
        inserter.bind(message.sender)
        inserter.bind(message.msgtype)
        inserter.bind(message.body)
        inserter.bind(message.formattedBody)
        inserter.bind(message.originServerTS)
        inserter.bind(message.transactionID)
        inserter.bind(message.replyTo)
        inserter.bind(message.threadRoot)
        inserter.bind(Int64(message.isRedacted ? 1 : 0))
        inserter.bind(message.redactionReason)
        inserter.bind(message.media?.storedText)
        inserter.bind(message.previews?.storedText)
        inserter.bind(message.senderKey)
        inserter.bind(message.decryptionFailure?.rawValue)
        inserter.bind(Int64(message.isKeyImported ? 1 : 0))
        inserter.bind(message.malformedField)
        inserter.bind(push)
        inserter.bind(message.poll?.storedText)
        inserter.bind(message.keySharedBy)
    }
}

extension StoreWriter {
    /// The messages `kept` marks, in their order, moved out of `messages` rather than copied.
    static func keeping(_ kept: [Bool], of messages: inout [MessageRecord]) -> [MessageRecord] {
        var taken = messages
        messages = []
        var count = 0
        for index in taken.indices where kept[index] {
            if count != index { taken.swapAt(count, index) }
            count += 1
        }
        taken.removeLast(taken.count - count)
        return taken
    }
}
