import Foundation
import GRDB

/// The session's SQLite store (WAL) and its only write path. An actor, so writes happen one at a
/// time in the order they were asked for; each sync response is one transaction together with
/// its `next_batch`, so a crash leaves the store at one response or the next, never between.
/// Reads go straight to the pool and never wait for a write.
public actor StoreWriter {
    public enum Failure: Error, Sendable, Equatable {
        case cannotOpen(path: String)
    }

    private let pool: DatabasePool
    public nonisolated let url: URL

    /// Opens (or creates, 0600 through the process umask) the store and brings its schema up to date.
    public init(url: URL) throws(Failure) {
        self.url = url
        var configuration = Configuration()
        configuration.prepareDatabase { database in
            // WAL with NORMAL keeps every committed transaction across a crash of this process;
            // only a power loss may take the newest ones back.
            try database.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            pool = try DatabasePool(path: url.path, configuration: configuration)
            try StoreMigrations.migrator.migrate(pool)
        } catch {
            throw .cannotOpen(path: url.path)
        }
    }

    /// The token to sync from: the `next_batch` of the last response applied.
    public nonisolated func syncToken() async throws -> String? {
        try await pool.read { try String.fetchOne($0, sql: "SELECT next_batch FROM sync_state WHERE id = 1") }
    }

    public nonisolated func rooms() async throws -> [RoomRecord] {
        try await pool.read { try RoomRecord.fetchAll($0) }
    }

    /// Applies what one sync response changed about rooms, and its token, in one transaction;
    /// returns the rooms as they now stand.
    @discardableResult
    public func apply(_ changes: [RoomChange], nextBatch: String) throws -> [RoomRecord] {
        try transaction { database in
            let rooms = try changes.map { change in
                let room = change.applied(to: try RoomRecord.fetchOne(database, key: change.roomID))
                try room.save(database)
                return room
            }
            try database.execute(sql: "INSERT INTO sync_state (id, next_batch) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET next_batch = excluded.next_batch",
                                 arguments: [nextBatch])
            return rooms
        }
    }

    /// Runs `body` as one transaction on the writer; what it throws rolls everything back.
    func transaction<Value: Sendable>(_ body: @Sendable (Database) throws -> Value) throws -> Value {
        try pool.write(body)
    }
}
