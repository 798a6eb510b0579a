import Foundation
import GRDB
import Logging

/// The session's SQLite store (WAL) and its only write path. An actor, so writes happen one at a
/// time in the order they were asked for; each sync response is one transaction together with
/// its `next_batch`, so a crash leaves the store at one response or the next, never between.
/// Reads go straight to the pool and never wait for a write.
public actor StoreWriter {
    public enum Failure: Error, Sendable, Equatable {
        case cannotOpen(path: String)
    }

    let pool: DatabasePool
    private var scheduledCheckpoint: Task<Void, Never>?
    public nonisolated let url: URL

    /// How long a write waits for another writer's transaction, looking again every
    /// `lockRetry`; an initial sync of thousands of rooms commits in a few seconds (BENCHMARKS.md).
    static let lockWait: TimeInterval = 30
    static let lockRetry: TimeInterval = 0.01

    /// Opens (or creates, 0600 through the process umask) the store and brings its schema up to date.
    public init(url: URL, logger: Logger = Logger(label: "element-shell.store")) throws(Failure) {
        self.url = url
        SQLiteSettings.applied
        var configuration = Configuration()
        // Another writer of the same store (a script's run beside the interactive shell, a
        // session that ended and the login after it) holds its lock for one transaction at most:
        // waited for, not taken as a store that cannot be opened or written.
        configuration.busyMode = .callback(Self.waitingForLock(logger: logger))
        configuration.prepareDatabase { database in
            // WAL with NORMAL keeps every committed transaction across a crash of this process;
            // only a power loss may take the newest ones back.
            try database.execute(sql: "PRAGMA synchronous = NORMAL")
            // Checkpoints run after a write has answered (see `transaction`), not inside its commit.
            try database.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            // Larger pages split less under an initial sync's bulk inserts (about 10 % faster than
            // 4 KiB); it takes effect when a store is created and is ignored afterwards.
            try database.execute(sql: "PRAGMA page_size = 8192")
        }
        do {
            try PrivateDirectory.create(at: url.deletingLastPathComponent())
            pool = try DatabasePool(path: url.path, configuration: configuration)
            try StoreMigrations.migrator.migrate(pool)
        } catch {
            throw .cannotOpen(path: url.path)
        }
    }

    /// SQLite's answer to a lock another writer holds: wait and try again, up to `lockWait`,
    /// saying once per wait in the log that the store is busy elsewhere.
    private static func waitingForLock(logger: Logger) -> Database.BusyCallback {
        { tries in
            if tries == 0 { logger.notice("Another writer holds the store's lock: waiting up to \(Int(lockWait)) s for it") }
            guard Double(tries) * lockRetry < lockWait else { return false }
            Thread.sleep(forTimeInterval: lockRetry)
            return true
        }
    }

    /// Where each method of sync goes on from: the positions of the last responses applied.
    public nonisolated func syncPositions() async throws -> SyncPositions {
        try await pool.read { database in
            let nextBatch = try String.fetchOne(database, sql: "SELECT next_batch FROM sync_state WHERE id = 1")
            let sliding = try Row.fetchOne(database, sql: "SELECT pos, to_device_since, room_count FROM sliding_sync_state WHERE id = 1").map { row in
                SlidingSyncPosition(pos: row["pos"], toDeviceSince: row["to_device_since"], roomCount: row["room_count"])
            }
            return SyncPositions(nextBatch: nextBatch, sliding: sliding)
        }
    }

    public nonisolated func rooms() async throws -> [RoomRecord] {
        try await pool.read { try RoomRecord.fetchAll($0) }
    }

    /// Writes a message to the outbox: from here on it will be sent, whatever happens. The room's
    /// draft goes in the same transaction, so it can neither outlive the message nor vanish
    /// without it; reactions, edits and redactions leave the draft alone.
    public func enqueue(_ entry: OutboxEntry, clearingDraft: Bool = true) throws {
        try transaction { database in
            try entry.insert(database)
            if clearingDraft {
                try DraftRecord.deleteOne(database, key: ["room_id": entry.roomID, "thread_root": entry.relation?.threadRoot ?? ""])
            }
        }
    }

    public func saveDraft(_ draft: DraftRecord) throws {
        try transaction { try draft.save($0) }
    }

    /// Clears the draft of a room's main timeline, or with `thread`, of that thread.
    public func clearDraft(roomID: String, thread: String? = nil) throws {
        _ = try transaction { try DraftRecord.deleteOne($0, key: ["room_id": roomID, "thread_root": thread ?? ""]) }
    }

    public nonisolated func drafts() async throws -> [DraftRecord] {
        try await pool.read { try DraftRecord.order(Column("updated_at").desc).fetchAll($0) }
    }

    /// The server has the message: it leaves the outbox.
    public func markSent(transactionID: String) throws {
        _ = try transaction { try OutboxEntry.deleteOne($0, key: ["transaction_id": transactionID]) }
    }

    /// Sets a refused message aside (`failed`) or back in line (no longer held, if it was).
    public func setFailed(_ failed: Bool, transactionIDs: [String]) throws {
        try transaction { database in
            for id in transactionIDs {
                try database.execute(sql: "UPDATE outbox SET failed = ?, held = held AND ? WHERE transaction_id = ?", arguments: [failed, failed, id])
            }
        }
    }

    /// Sets a message aside until someone's changed identity is settled (`releaseHeldMessages`).
    public func hold(transactionID: String) throws {
        try transaction { database in
            try database.execute(sql: "UPDATE outbox SET failed = 1, held = 1 WHERE transaction_id = ?", arguments: [transactionID])
        }
    }

    /// Puts the held messages back in the queue, in their order: the identity that held them was
    /// accepted or verified (one still held by another is held again when it is tried).
    @discardableResult
    public func releaseHeldMessages() throws -> Int {
        try transaction { database in
            try database.execute(sql: "UPDATE outbox SET failed = 0, held = 0 WHERE held")
            return database.changesCount
        }
    }

    /// Drops messages from the outbox unsent.
    public func cancel(transactionIDs: [String]) throws {
        try transaction { database in
            for id in transactionIDs {
                try OutboxEntry.deleteOne(database, key: ["transaction_id": id])
            }
        }
    }

    public func recordAttempt(transactionID: String) throws {
        try transaction { database in
            try database.execute(sql: "UPDATE outbox SET attempts = attempts + 1 WHERE transaction_id = ?", arguments: [transactionID])
        }
    }

    /// A room the user has just joined or created, kept at once rather than when sync brings it,
    /// so a later run finds it under the address it was joined by (`alias`) or its `name`, and as
    /// a space if it is one. A room the store knows already becomes joined and keeps what it holds,
    /// taking these only where it has none yet (sync may have read it mid-creation); sync fills
    /// in the rest either way.
    @discardableResult
    public func recordJoin(of roomID: String, alias: String?, name: String?, encryption: RoomEncryption? = nil, isSpace: Bool = false) throws -> RoomRecord? {
        try transaction { database in
            try database.execute(sql: """
                UPDATE room SET membership = 'join', name = COALESCE(name, ?), canonical_alias = COALESCE(canonical_alias, ?),
                    is_space = is_space OR ? WHERE room_id = ?
                """, arguments: [name, alias, isSpace, roomID])
            if database.changesCount == 0 {
                try database.execute(sql: """
                    INSERT INTO room (room_id, membership, canonical_alias, name, is_direct, is_space)
                    VALUES (?, 'join', ?, ?, EXISTS (SELECT 1 FROM direct_room WHERE room_id = ?), ?)
                    """, arguments: [roomID, alias, name, roomID, isSpace])
            }
            if let encryption {
                try database.execute(sql: "UPDATE room SET encryption = ? WHERE room_id = ?", arguments: [encryption.storedText, roomID])
            }
            return try RoomRecord.fetchOne(database, key: ["room_id": roomID])
        }
    }

    /// Records a direct chat as soon as the account's `m.direct` on the server holds it, before
    /// sync brings that back; a room not stored yet is direct once it is (`recordJoin`, sync).
    public func addDirectRoom(_ roomID: String) throws {
        try transaction { database in
            try database.execute(sql: "INSERT OR IGNORE INTO direct_room (room_id) VALUES (?)", arguments: [roomID])
            try database.execute(sql: "UPDATE room SET is_direct = 1 WHERE room_id = ?", arguments: [roomID])
        }
    }

    /// Records a room's encryption as soon as it is known (turned on, created with it, asked
    /// of the server), before sync brings it: a message sent meanwhile must not go in the clear.
    public func setRoomEncryption(_ encryption: RoomEncryption, of roomID: String) throws {
        try transaction { database in
            try database.execute(sql: "UPDATE room SET encryption = ? WHERE room_id = ?", arguments: [encryption.storedText, roomID])
        }
    }

    /// Removes a forgotten room and what the store kept of it: messages, members, reactions,
    /// drafts, unsent messages. Its room keys stay, as they would for any room left: joined
    /// again, its history may still be read.
    public func forget(roomID: String) throws {
        try transaction { database in
            for table in ["room", "message", "member", "reaction", "draft", "outbox", "direct_room", "encrypted_event", "own_read", "room_power",
                          "outbound_group_session"] {
                try database.execute(sql: "DELETE FROM \(table) WHERE room_id = ?", arguments: [roomID])
            }
        }
    }

    /// Records a room's unread mark as soon as the server has it, before sync brings it back: a
    /// run that ends first leaves it for the next.
    public func setMarkedUnread(_ unread: Bool, of roomID: String) throws {
        try transaction { database in
            try database.execute(sql: "UPDATE room SET marked_unread = ? WHERE room_id = ?", arguments: [unread, roomID])
        }
    }

    /// What still waits to be sent, oldest first.
    public nonisolated func outbox() async throws -> [OutboxEntry] {
        try await pool.read { try OutboxEntry.order(Column("seq")).fetchAll($0) }
    }

    /// Older messages from the server, newest first as `/messages` gives them: they are stored
    /// before everything the store has, and the room's way back moves to `nextBatch` (empty when
    /// the room's beginning is reached). `undecrypted` are the events of messages that wait for
    /// their key, kept in the same transaction so a key arriving later finds them, as after a sync.
    /// `members` name their senders where the store knows no name yet (one sync brought is newer);
    /// edits kept for these messages apply as they go in, then the edits, reactions and redactions
    /// of `relations`.
    @discardableResult
    public func storeOlder(_ messages: [MessageRecord], undecrypted: [UndecryptedEvent] = [], members: [MemberRecord] = [],
                           relations: SyncBatch = SyncBatch(), roomID: String, nextBatch: String?) throws -> Int {
        try transaction { database in
            for member in members {
                try database.execute(sql: "INSERT OR IGNORE INTO member (room_id, user_id, display_name) VALUES (?, ?, ?)",
                                     arguments: [member.roomID, member.userID, member.displayName])
            }
            var position = (try Int64.fetchOne(database, sql: "SELECT MIN(seq) FROM message") ?? 1) - 1
            var stored: [String] = []
            for var message in messages {
                message.seq = position
                try message.insert(database, onConflict: .ignore)
                if database.changesCount > 0 {
                    stored.append(message.eventID)
                    position -= 1
                }
            }
            _ = try Self.applyPendingEdits(to: stored, in: database)
            try Self.keep(undecrypted, in: database)
            _ = try Self.applyRelations(of: relations, in: database, editsReplaceEdits: false)
            try database.execute(sql: "UPDATE room SET prev_batch = ? WHERE room_id = ?", arguments: [nextBatch ?? "", roomID])
            return stored.count
        }
    }

    /// Up to `limit` messages of a room older than `seq` (or the newest, without it), oldest first:
    /// of its main timeline, or with `thread`, of that thread (its root included).
    public nonisolated func messages(in roomID: String, thread: String? = nil, before seq: Int64?, limit: Int) async throws -> [MessageRecord] {
        try await pool.read { database in
            var request = MessageRecord.filter(Column("room_id") == roomID)
            if let thread {
                request = request.filter(Column("thread_root") == thread || Column("event_id") == thread)
            } else {
                request = request.filter(Column("thread_root") == nil)
            }
            if let seq { request = request.filter(Column("seq") < seq) }
            request = request.filter(sql: Self.notIgnored)
            return try request.order(Column("seq").desc).limit(limit).fetchAll(database).reversed()
        }
    }

    /// The stored message with this event ID.
    public nonisolated func message(eventID: String) async throws -> MessageRecord? {
        try await pool.read { try MessageRecord.filter(Column("event_id") == eventID).fetchOne($0) }
    }

    /// Stored messages by event ID, for the parents of replies.
    public nonisolated func messages(eventIDs: Set<String>) async throws -> [String: MessageRecord] {
        guard !eventIDs.isEmpty else { return [:] }
        let found = try await pool.read { try MessageRecord.filter(eventIDs.contains(Column("event_id"))).fetchAll($0) }
        return Dictionary(found.map { ($0.eventID, $0) }) { first, _ in first }
    }

    /// How many replies each of these thread roots has, and who wrote the latest.
    public nonisolated func threadSummaries(roots: Set<String>) async throws -> [String: ThreadSummary] {
        guard !roots.isEmpty else { return [:] }
        return try await pool.read { database in
            let rows = try Row.fetchAll(database, sql: """
                SELECT thread_root, COUNT(*) AS replies, sender AS latest_sender, MAX(seq) FROM message
                WHERE thread_root IN (\(databaseQuestionMarks(count: roots.count))) GROUP BY thread_root
                """, arguments: StatementArguments(Array(roots)))
            return Dictionary(rows.map { row in
                (row["thread_root"] as String, ThreadSummary(replyCount: row["replies"], latestSender: row["latest_sender"]))
            }) { first, _ in first }
        }
    }

    /// The roots of a room's threads, the most recently active first.
    public nonisolated func threadRoots(in roomID: String) async throws -> [MessageRecord] {
        try await pool.read { database in
            try MessageRecord.fetchAll(database, sql: """
                SELECT root.* FROM message AS root JOIN (
                    SELECT thread_root, MAX(seq) AS latest FROM message WHERE room_id = ? AND thread_root IS NOT NULL GROUP BY thread_root
                ) AS thread ON root.event_id = thread.thread_root WHERE root.\(Self.notIgnored) ORDER BY thread.latest DESC
                """, arguments: [roomID])
        }
    }

    /// The reactions to these events, oldest first.
    public nonisolated func reactions(to eventIDs: Set<String>) async throws -> [ReactionRecord] {
        guard !eventIDs.isEmpty else { return [] }
        return try await pool.read {
            try ReactionRecord.filter(eventIDs.contains(Column("target_id"))).filter(sql: Self.notIgnored).order(Column("rowid")).fetchAll($0)
        }
    }

    /// What leaves out the messages and reactions of people the user ignores.
    static let notIgnored = "sender NOT IN (SELECT user_id FROM ignored_user)"

    public nonisolated func room(_ roomID: String) async throws -> RoomRecord? {
        try await pool.read { try RoomRecord.fetchOne($0, key: roomID) }
    }

    public nonisolated func members(of roomID: String) async throws -> [MemberRecord] {
        try await pool.read { try MemberRecord.filter(Column("room_id") == roomID).fetchAll($0) }
    }

    /// Runs `body` as one transaction on the writer; what it throws rolls everything back.
    func transaction<Value: Sendable>(_ body: sending (Database) throws -> Value) throws -> Value {
        let value = try pool.write(body)
        scheduleCheckpoint()
        return value
    }

    /// Gives back what an idle session does not need: SQLite's page caches and statements (each
    /// reader's as it is free, the writer's next in its queue), then the pages malloc holds free
    /// (`ProcessMemory.trim`), once the writer's are. Never blocks a thread: GRDB's blocking
    /// `releaseMemory` waits for every reader, which may wait for this thread's pool.
    public func releaseMemory() async {
        pool.releaseMemoryEventually()
        // The writer's queue is serial: this runs after the release just queued there.
        _ = try? await pool.writeWithoutTransaction { _ in }
        ProcessMemory.trim()
    }

    /// Copies the WAL back into the database once the caller has its answer: an initial sync
    /// commits tens of megabytes, and the app should show it without waiting for that copy.
    private func scheduleCheckpoint() {
        guard scheduledCheckpoint == nil else { return }
        scheduledCheckpoint = Task { self.checkpoint() }
    }

    /// Returns once the checkpoint that a write scheduled has run.
    func waitForScheduledCheckpoint() async {
        await scheduledCheckpoint?.value
    }

    private func checkpoint() {
        scheduledCheckpoint = nil
        // A failed checkpoint loses nothing: the WAL keeps every commit and the next one retries.
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.passive) }
    }
}
