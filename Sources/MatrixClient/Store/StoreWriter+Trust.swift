import Foundation
import GRDB

/// The trusted identity's state: sealed secrets, the backup this device uses, which room keys
/// it holds already, and the cross-signing identities of followed users.
extension StoreWriter {
    // MARK: Secrets

    /// The sealed secrets stored, by name (`m.cross_signing.master`, `m.megolm_backup.v1`, …).
    public nonisolated func secrets() async throws -> [String: Data] {
        try await pool.read { database in
            try Row.fetchAll(database, sql: "SELECT name, value FROM crypto_secret").reduce(into: [:]) { secrets, row in
                secrets[row["name"]] = row["value"] as Data
            }
        }
    }

    /// Stores sealed secrets in one transaction, replacing those of the same name.
    public func saveSecrets(_ secrets: [String: Data]) throws {
        try transaction { database in
            for (name, value) in secrets {
                try database.execute(sql: "INSERT OR REPLACE INTO crypto_secret (name, value) VALUES (?, ?)", arguments: [name, value])
            }
        }
    }

    public func deleteSecrets(named names: [String]) throws {
        try transaction { database in
            for name in names { try database.execute(sql: "DELETE FROM crypto_secret WHERE name = ?", arguments: [name]) }
        }
    }

    /// The secrets asked for and not yet taken: request ID → secret name.
    public nonisolated func secretRequests() async throws -> [String: String] {
        try await pool.read { database in
            try Row.fetchAll(database, sql: "SELECT request_id, name FROM secret_request").reduce(into: [:]) { requests, row in
                requests[row["request_id"]] = row["name"] as String
            }
        }
    }

    public func addSecretRequest(id: String, name: String) throws {
        try transaction { database in
            try database.execute(sql: "INSERT OR REPLACE INTO secret_request (request_id, name) VALUES (?, ?)", arguments: [id, name])
        }
    }

    public func deleteSecretRequests(ids: [String]) throws {
        try transaction { database in
            for id in ids { try database.execute(sql: "DELETE FROM secret_request WHERE request_id = ?", arguments: [id]) }
        }
    }

    // MARK: Key backup

    public nonisolated func keyBackup() async throws -> KeyBackupRecord? {
        try await pool.read { database in
            try Row.fetchOne(database, sql: "SELECT version, public_key, restore_pending FROM key_backup WHERE id = 1").map {
                KeyBackupRecord(version: $0["version"], publicKey: $0["public_key"], isRestorePending: $0["restore_pending"])
            }
        }
    }

    /// Makes `backup` the one this device uses; when it is another version, every room key is
    /// uploaded to it again.
    public func setKeyBackup(_ backup: KeyBackupRecord) throws {
        try transaction { database in
            let stored = try String.fetchOne(database, sql: "SELECT version FROM key_backup WHERE id = 1")
            if stored != backup.version { try database.execute(sql: "UPDATE inbound_group_session SET backed_up = 0") }
            try database.execute(sql: "INSERT OR REPLACE INTO key_backup (id, version, public_key, restore_pending) VALUES (1, ?, ?, ?)",
                                 arguments: [backup.version, backup.publicKey, backup.isRestorePending])
        }
    }

    /// The account's backup is off: this device uses none (its keys count as not backed up).
    public func deleteKeyBackup() throws {
        try transaction { database in
            try database.execute(sql: "DELETE FROM key_backup")
            try database.execute(sql: "UPDATE inbound_group_session SET backed_up = 0")
        }
    }

    /// Marks a restore from the backup as begun, or as done.
    public func setRestorePending(_ pending: Bool) throws {
        try transaction { try $0.execute(sql: "UPDATE key_backup SET restore_pending = ? WHERE id = 1", arguments: [pending]) }
    }

    /// Up to `limit` room keys the backup lacks.
    public nonisolated func sessionsToBackUp(limit: Int) async throws -> [GroupSessionRecord] {
        try await pool.read {
            try Row.fetchAll($0, sql: "SELECT * FROM inbound_group_session WHERE NOT backed_up LIMIT ?", arguments: [limit])
                .map(GroupSessionRecord.init(row:))
        }
    }

    /// Marks room keys as in the backup of `version`, unless the backup changed meanwhile;
    /// returns whether it did.
    @discardableResult
    public func markBackedUp(_ sessions: [GroupSessionKey], version: String) throws -> Bool {
        try transaction { database in
            guard try String.fetchOne(database, sql: "SELECT version FROM key_backup WHERE id = 1") == version else { return false }
            for session in sessions {
                try database.execute(sql: "UPDATE inbound_group_session SET backed_up = 1 WHERE room_id = ? AND session_id = ?",
                                     arguments: [session.roomID, session.sessionID])
            }
            return true
        }
    }

    /// How many room keys this device holds, and how many of them are in the backup.
    public nonisolated func roomKeyCounts() async throws -> (total: Int, backedUp: Int) {
        try await pool.read { database in
            let row = try Row.fetchOne(database, sql: "SELECT count(*), coalesce(sum(backed_up), 0) FROM inbound_group_session")
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    // MARK: Identities

    public nonisolated func identities(of userIDs: [String]) async throws -> [String: IdentityRecord] {
        guard !userIDs.isEmpty else { return [:] }
        return try await pool.read { database in
            try IdentityRecord.filter(userIDs.contains(Column("user_id"))).fetchAll(database).reduce(into: [:]) { $0[$1.userID] = $1 }
        }
    }

    public func saveIdentities(_ identities: [IdentityRecord]) throws {
        try transaction { database in
            for identity in identities { try identity.save(database) }
        }
    }

    /// The joined rooms whose stored members include `userID`, where a change of their identity is told.
    public nonisolated func joinedRooms(with userID: String) async throws -> [String] {
        try await pool.read { database in
            try String.fetchAll(database, sql: """
                SELECT member.room_id FROM member JOIN room USING (room_id)
                WHERE member.user_id = ? AND room.membership = 'join' ORDER BY member.room_id
                """, arguments: [userID])
        }
    }
}
