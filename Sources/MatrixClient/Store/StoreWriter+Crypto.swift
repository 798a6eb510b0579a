import Foundation
import GRDB

/// Crypto state in the store. Secret parts arrive sealed (`PickleCipher`); the store sees only
/// blobs, public keys and IDs.
extension StoreWriter {
    public struct CryptoAccount: Sendable, Equatable {
        public var deviceID: String
        public var keysPublished: Bool
        public var state: Data

        public init(deviceID: String, keysPublished: Bool, state: Data) {
            self.deviceID = deviceID
            self.keysPublished = keysPublished
            self.state = state
        }
    }

    /// What belongs to one device and cannot serve another: its Olm sessions and the room
    /// sessions it sends with.
    static let deviceBoundTables = ["olm_session", "outbound_group_session"]

    public nonisolated func cryptoAccount() async throws -> CryptoAccount? {
        try await pool.read { database in
            try Row.fetchOne(database, sql: "SELECT device_id, keys_published, state FROM crypto_account WHERE id = 1").map {
                CryptoAccount(deviceID: $0["device_id"], keysPublished: $0["keys_published"], state: $0["state"])
            }
        }
    }

    /// Saves the account. An account of another device (the user logged in again as a new device)
    /// drops what only the old device could use; the room keys it received stay, so history stays
    /// readable, and every followed user's devices are fetched again.
    public func saveCryptoAccount(_ account: CryptoAccount) throws {
        try transaction { database in
            let stored = try String.fetchOne(database, sql: "SELECT device_id FROM crypto_account WHERE id = 1")
            if let stored, stored != account.deviceID {
                for table in Self.deviceBoundTables { try database.execute(sql: "DELETE FROM \(table)") }
                try database.execute(sql: "UPDATE tracked_user SET outdated = 1")
            }
            try database.execute(sql: """
                INSERT OR REPLACE INTO crypto_account (id, device_id, keys_published, state) VALUES (1, ?, ?, ?)
                """, arguments: [account.deviceID, account.keysPublished, account.state])
        }
    }

    // MARK: Olm sessions

    /// The sealed Olm sessions with the device of `senderKey`, the most recently used first.
    public nonisolated func olmSessions(senderKey: String) async throws -> [Data] {
        try await pool.read {
            try Data.fetchAll($0, sql: "SELECT state FROM olm_session WHERE sender_key = ? ORDER BY last_used DESC", arguments: [senderKey])
        }
    }

    public func saveOlmSession(sessionID: String, senderKey: String, state: Data, lastUsed: Int64) throws {
        try transaction { database in
            try database.execute(sql: "INSERT OR REPLACE INTO olm_session (session_id, sender_key, state, last_used) VALUES (?, ?, ?, ?)",
                                 arguments: [sessionID, senderKey, state, lastUsed])
        }
    }

    // MARK: Megolm sessions

    public nonisolated func inboundGroupSession(roomID: String, sessionID: String) async throws -> GroupSessionRecord? {
        try await pool.read { database in
            try Row.fetchOne(database, sql: "SELECT * FROM inbound_group_session WHERE room_id = ? AND session_id = ?",
                             arguments: [roomID, sessionID]).map(GroupSessionRecord.init(row:))
        }
    }

    public nonisolated func inboundGroupSessions() async throws -> [GroupSessionRecord] {
        try await pool.read { try Row.fetchAll($0, sql: "SELECT * FROM inbound_group_session ORDER BY room_id, session_id").map(GroupSessionRecord.init(row:)) }
    }

    /// The stored sessions with these IDs (in any room: the caller checks), read in chunks so a
    /// restore's thousands stay within SQLite's limit on parameters.
    public nonisolated func inboundGroupSessions(sessionIDs: Set<String>) async throws -> [GroupSessionRecord] {
        guard !sessionIDs.isEmpty else { return [] }
        let chunks = stride(from: 0, to: sessionIDs.count, by: 500).map { Array(sessionIDs.dropFirst($0).prefix(500)) }
        return try await pool.read { database in
            try chunks.flatMap { chunk in
                try Row.fetchAll(database, sql: "SELECT * FROM inbound_group_session WHERE session_id IN (\(databaseQuestionMarks(count: chunk.count)))",
                                 arguments: StatementArguments(chunk)).map(GroupSessionRecord.init(row:))
            }
        }
    }

    /// Stores sessions, replacing older copies; `backedUp` when the key backup has them already
    /// (a replaced copy otherwise goes to the backup again).
    public func saveInboundGroupSessions(_ sessions: [GroupSessionRecord], backedUp: Bool = false) throws {
        try transaction { database in
            let statement = try database.cachedStatement(sql: """
                INSERT OR REPLACE INTO inbound_group_session (room_id, session_id, sender_key, signing_key, imported, state, backed_up,
                                                              shared_history, shared_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for session in sessions {
                try statement.execute(arguments: [session.roomID, session.sessionID, session.senderKey, session.signingKey,
                                                  session.isImported, session.state, backedUp, session.sharesHistory, session.sharedBy])
            }
        }
    }

    public nonisolated func outboundGroupSession(roomID: String) async throws -> OutboundSessionRecord? {
        try await pool.read { database in
            try Row.fetchOne(database, sql: "SELECT * FROM outbound_group_session WHERE room_id = ?", arguments: [roomID]).map { row in
                let sharedWith: String = row["shared_with"]
                return OutboundSessionRecord(roomID: row["room_id"], sessionID: row["session_id"], createdAt: row["created_at"],
                                             messageCount: row["message_count"],
                                             sharedWith: Set(sharedWith.split(separator: "\n").compactMap(DeviceAddress.init(storedText:))),
                                             state: row["state"], sharesHistory: row["shared_history"])
            }
        }
    }

    public func saveOutboundGroupSession(_ session: OutboundSessionRecord) throws {
        try transaction { database in
            try database.execute(sql: """
                INSERT OR REPLACE INTO outbound_group_session (room_id, session_id, created_at, message_count, shared_with, state,
                                                               shared_history)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [session.roomID, session.sessionID, session.createdAt, session.messageCount,
                                 session.sharedWith.sorted().map(\.storedText).joined(separator: "\n"), session.state, session.sharesHistory])
        }
    }

    /// The room's next message starts a new session (a member left, a device went away).
    public func discardOutboundGroupSession(roomID: String) throws {
        _ = try transaction { try $0.execute(sql: "DELETE FROM outbound_group_session WHERE room_id = ?", arguments: [roomID]) }
    }

    // MARK: Devices

    public nonisolated func devices(of userIDs: [String]) async throws -> [DeviceRecord] {
        guard !userIDs.isEmpty else { return [] }
        return try await pool.read {
            try DeviceRecord.filter(userIDs.contains(Column("user_id"))).order(Column("user_id"), Column("device_id")).fetchAll($0)
        }
    }

    /// The device whose identity key is `curve25519`: who really sent a message.
    public nonisolated func device(curve25519: String) async throws -> DeviceRecord? {
        try await pool.read { try DeviceRecord.filter(Column("curve25519") == curve25519).fetchOne($0) }
    }

    /// The Curve25519 keys of devices by what their messages' marks say: verified (by fingerprint
    /// or cross-signing), vouched for by their owner's identity, or of an identity that changed.
    public nonisolated func deviceTrustKeys() async throws -> DeviceTrustKeys {
        try await pool.read { database in
            let changed = try Set(String.fetchAll(database, sql: """
                SELECT curve25519 FROM device JOIN cross_signing_identity USING (user_id)
                WHERE NOT cross_signing_identity.verified AND verified_master IS NOT NULL AND verified_master != master_key
                """))
            return DeviceTrustKeys(
                verified: try Set(String.fetchAll(database, sql: "SELECT curve25519 FROM device WHERE verified OR cross_signed")),
                ownerSigned: try Set(String.fetchAll(database, sql: "SELECT curve25519 FROM device WHERE owner_signed")).subtracting(changed),
                identityChanged: changed)
        }
    }

    /// Replaces the known devices of users with a fresh `/keys/query` answer and marks them up to
    /// date. A device keeps its verification only while its keys stay the same. Returns the
    /// devices that are gone (deleted, or now with other keys).
    @discardableResult
    public func replaceDevices(_ devices: [DeviceRecord], of userIDs: [String]) throws -> [DeviceAddress] {
        try transaction { database in
            var gone: [DeviceAddress] = []
            for userID in userIDs {
                let known = try DeviceRecord.filter(Column("user_id") == userID).fetchAll(database)
                let fresh = devices.filter { $0.userID == userID }
                let freshByID = Dictionary(fresh.map { ($0.deviceID, $0) }) { first, _ in first }
                for old in known {
                    let new = freshByID[old.deviceID]
                    if new?.curve25519 != old.curve25519 || new?.ed25519 != old.ed25519 {
                        gone.append(DeviceAddress(userID: userID, deviceID: old.deviceID))
                    }
                }
                let verified = Set(known.filter { $0.isVerified && freshByID[$0.deviceID]?.ed25519 == $0.ed25519 }.map(\.deviceID))
                try DeviceRecord.filter(Column("user_id") == userID).deleteAll(database)
                for var device in fresh {
                    device.isVerified = verified.contains(device.deviceID)
                    try device.insert(database)
                }
                try database.execute(sql: "UPDATE tracked_user SET outdated = 0 WHERE user_id = ?", arguments: [userID])
            }
            return gone
        }
    }

    /// Marks a device as verified (or not); `false` when no such device is known.
    public func setVerified(_ verified: Bool, userID: String, deviceID: String) throws -> Bool {
        try transaction { database in
            try database.execute(sql: "UPDATE device SET verified = ? WHERE user_id = ? AND device_id = ?",
                                 arguments: [verified, userID, deviceID])
            return database.changesCount > 0
        }
    }

    // MARK: Device tracking

    /// Follows these users' devices from now on; new ones need a `/keys/query`.
    public func track(_ userIDs: [String]) throws {
        try transaction { database in
            for userID in userIDs {
                try database.execute(sql: "INSERT OR IGNORE INTO tracked_user (user_id, outdated) VALUES (?, 1)", arguments: [userID])
            }
        }
    }

    /// A sync said these users' devices changed (`changed`) or that they share no encrypted room
    /// with us any more (`left`).
    public func updateTracking(changed: [String], left: [String]) throws {
        try transaction { database in
            for userID in changed {
                try database.execute(sql: "UPDATE tracked_user SET outdated = 1 WHERE user_id = ?", arguments: [userID])
            }
            for userID in left {
                try database.execute(sql: "DELETE FROM tracked_user WHERE user_id = ?", arguments: [userID])
            }
        }
    }

    public nonisolated func outdatedUsers() async throws -> [String] {
        try await pool.read { try String.fetchAll($0, sql: "SELECT user_id FROM tracked_user WHERE outdated ORDER BY user_id") }
    }

    public nonisolated func trackedUsers() async throws -> Set<String> {
        try await pool.read { try Set(String.fetchAll($0, sql: "SELECT user_id FROM tracked_user")) }
    }
}

extension GroupSessionRecord {
    init(row: Row) {
        self.init(roomID: row["room_id"], sessionID: row["session_id"], senderKey: row["sender_key"], signingKey: row["signing_key"],
                  isImported: row["imported"], state: row["state"], sharesHistory: row["shared_history"], sharedBy: row["shared_by"])
    }
}
