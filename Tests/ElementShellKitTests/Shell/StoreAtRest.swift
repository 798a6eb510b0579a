import Foundation
import GRDB
@testable import ElementShellKit
@testable import MatrixClient

/// What a shell's store holds while no shell runs, as a crash left it: opened read-only, so looking
/// neither migrates nor checkpoints anything the next start would otherwise have had to recover.
struct StoreAtRest {
    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise one line per problem.
    let integrity: [String]
    let outbox: [OutboxEntry]
    /// Where sync stands, by either method: the `/v3` token, the sliding sync position and
    /// to-device position; `nil` before the first sync.
    let syncToken: String?
    let drafts: [DraftRecord]

    init(url: URL) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: url.path, configuration: configuration)
        (integrity, outbox, syncToken, drafts) = try database.read { database in
            (try String.fetchAll(database, sql: "PRAGMA integrity_check"),
             try OutboxEntry.order(Column("seq")).fetchAll(database),
             try String.fetchOne(database, sql: """
                SELECT NULLIF(IFNULL((SELECT next_batch FROM sync_state WHERE id = 1), '-') || ' '
                              || IFNULL((SELECT pos || ' ' || IFNULL(to_device_since, '-') FROM sliding_sync_state WHERE id = 1), '-'), '- -')
                """),
             try DraftRecord.order(Column("room_id"), Column("thread_root")).fetchAll(database))
        }
    }
}
