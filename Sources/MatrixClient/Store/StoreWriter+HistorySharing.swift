import Foundation
import GRDB
import MatrixJSON

/// A room key bundle's to-device message as it came, kept until it is imported.
public struct StoredRoomKeyBundle: Sendable, Equatable {
    public var roomID: String
    public var sender: String
    public var senderDevice: String
    /// The Curve25519 key of the device the Olm message came from.
    public var senderKey: String
    /// The encrypted file (`EncryptedFile`) holding the bundle.
    public var file: JSONValue
    /// Milliseconds since the Unix epoch.
    public var receivedAt: Int64
    /// Why it was last refused, once told, so the same reason is told once.
    public var refusalTold: String?

    public init(roomID: String, sender: String, senderDevice: String, senderKey: String, file: JSONValue, receivedAt: Int64,
                refusalTold: String? = nil) {
        self.roomID = roomID
        self.sender = sender
        self.senderDevice = senderDevice
        self.senderKey = senderKey
        self.file = file
        self.receivedAt = receivedAt
        self.refusalTold = refusalTold
    }
}

/// An invite accepted on this device: its inviter's bundle is the one to import.
public struct AcceptedInvite: Sendable, Equatable {
    public var roomID: String
    public var inviter: String
    /// Milliseconds since the Unix epoch.
    public var acceptedAt: Int64
    /// Its inviter's bundle was imported: another from them is a repeat.
    public var bundleImported: Bool
}

/// The bundles of history shared on invite (MSC4268) that wait here, and the invites accepted.
extension StoreWriter {
    /// Keeps a bundle, in place of an earlier one of the same sender for the same room.
    public func saveRoomKeyBundle(_ bundle: StoredRoomKeyBundle) throws {
        let file = String(decoding: try JSONEncoder().encode(bundle.file), as: UTF8.self)
        try transaction { database in
            try database.execute(sql: """
                INSERT OR REPLACE INTO room_key_bundle (room_id, sender, sender_device, sender_key, file, received_at, refusal_told)
                VALUES (?, ?, ?, ?, ?, ?, NULL)
                """, arguments: [bundle.roomID, bundle.sender, bundle.senderDevice, bundle.senderKey, file, bundle.receivedAt])
        }
    }

    public nonisolated func roomKeyBundles() async throws -> [StoredRoomKeyBundle] {
        try await pool.read { database in
            try Row.fetchAll(database, sql: "SELECT * FROM room_key_bundle ORDER BY received_at").compactMap { row in
                let text: String = row["file"]
                guard let file = try? JSONValue(json: Data(text.utf8)) else { return nil }
                return StoredRoomKeyBundle(roomID: row["room_id"], sender: row["sender"], senderDevice: row["sender_device"],
                                           senderKey: row["sender_key"], file: file, receivedAt: row["received_at"],
                                           refusalTold: row["refusal_told"])
            }
        }
    }

    public func deleteRoomKeyBundle(roomID: String, sender: String) throws {
        try transaction { database in
            try database.execute(sql: "DELETE FROM room_key_bundle WHERE room_id = ? AND sender = ?", arguments: [roomID, sender])
        }
    }

    public func setRoomKeyBundleRefusalTold(_ reason: String, roomID: String, sender: String) throws {
        try transaction { database in
            try database.execute(sql: "UPDATE room_key_bundle SET refusal_told = ? WHERE room_id = ? AND sender = ?",
                                 arguments: [reason, roomID, sender])
        }
    }

    public func recordAcceptedInvite(roomID: String, inviter: String, at milliseconds: Int64) throws {
        try transaction { database in
            try database.execute(sql: "INSERT OR REPLACE INTO accepted_invite (room_id, inviter, accepted_at, bundle_imported) VALUES (?, ?, ?, 0)",
                                 arguments: [roomID, inviter, milliseconds])
        }
    }

    public func markBundleImported(roomID: String) throws {
        try transaction { try $0.execute(sql: "UPDATE accepted_invite SET bundle_imported = 1 WHERE room_id = ?", arguments: [roomID]) }
    }

    public nonisolated func acceptedInvites() async throws -> [String: AcceptedInvite] {
        try await pool.read { database in
            try Row.fetchAll(database, sql: "SELECT * FROM accepted_invite").reduce(into: [:]) { invites, row in
                let invite = AcceptedInvite(roomID: row["room_id"], inviter: row["inviter"], acceptedAt: row["accepted_at"],
                                            bundleImported: row["bundle_imported"])
                invites[invite.roomID] = invite
            }
        }
    }

    /// The room's inbound sessions, for the bundle this device shares on inviting someone.
    public nonisolated func inboundGroupSessions(roomID: String) async throws -> [GroupSessionRecord] {
        try await pool.read {
            try Row.fetchAll($0, sql: "SELECT * FROM inbound_group_session WHERE room_id = ? ORDER BY session_id", arguments: [roomID])
                .map(GroupSessionRecord.init(row:))
        }
    }
}
