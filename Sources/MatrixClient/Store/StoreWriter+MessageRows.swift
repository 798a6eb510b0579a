import GRDB

extension MessageRecord {
    /// A new message row; one the store has already is left as it is.
    static let insertSQL = """
        INSERT OR IGNORE INTO message (event_id, room_id, sender, msgtype, body, formatted_body, origin_server_ts, transaction_id,
                                       reply_to, thread_root, redacted, redaction_reason, media, previews, sender_key,
                                       decryption_failure, key_imported, malformed, push, poll, key_shared_by)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
}

extension StoreWriter {
    /// Stores `message` with what the push rules said of it (`message.push`) through `inserter`,
    /// made with `MessageRecord.insertSQL`, and gives it its `seq` when it is new; returns whether
    /// it is. In place: an initial sync stores tens of thousands, and a copy of each would retain
    /// every one of its fields.
    static func insert(_ message: inout MessageRecord, push: Int64, with inserter: inout RowInserter, in database: Database) throws -> Bool {
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
        guard try inserter.run() > 0 else { return false }
        message.seq = database.lastInsertedRowID
        return true
    }

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
