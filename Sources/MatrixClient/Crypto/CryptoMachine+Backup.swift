import Foundation
import MatrixCrypto
import MatrixJSON

/// The server-side key backup: room keys go up in the background as they arrive, and come back
/// down on `/backup restore` or after `/recovery`.
extension CryptoMachine {
    /// How many room keys one upload carries.
    static let backupBatchSize = 250

    /// Uploads the room keys the backup lacks, a batch at a time, marking each batch once the
    /// server took it. A failure leaves the rest for the next call (after the next sync), and a
    /// restart loses nothing: what is uploaded is recorded in the store. One upload runs at a
    /// time: a caller that finds one under way (the sync loop's, as `/backup` asks) waits for it
    /// and then uploads what it left, so on return every key held before the call is up.
    public func backUpRoomKeys() async {
        while let running = backupUpload { await running.value }
        // Cleared by the upload itself, on this actor, before any waiter resumes.
        let upload = Task {
            await uploadPendingRoomKeys()
            backupUpload = nil
        }
        backupUpload = upload
        await upload.value
    }

    private func uploadPendingRoomKeys() async {
        guard let trust, let backup = try? await store.keyBackup(), let publicKey = try? Curve25519PublicKey(base64: backup.publicKey) else { return }
        while let pending = try? await store.sessionsToBackUp(limit: Self.backupBatchSize), !pending.isEmpty {
            var rooms: [String: [String: JSONValue]] = [:]
            for record in pending {
                guard let data = backupData(for: record, to: publicKey) else { continue }
                rooms[record.roomID, default: [:]][record.sessionID] = data
            }
            do throws(MatrixError) {
                if !rooms.isEmpty { try await trust.uploadBackupKeys(rooms, version: backup.version) }
            } catch {
                logger.info("backup upload failed, will retry", metadata: ["version": "\(backup.version)", "error": "\(error)"])
                return
            }
            // Entries that cannot be exported are marked too: trying again would fail the same way.
            // A backup replaced meanwhile (a recovery or reset) takes over: its own call uploads.
            guard (try? await store.markBackedUp(pending.map { GroupSessionKey(roomID: $0.roomID, sessionID: $0.sessionID) },
                                                 version: backup.version)) == true else { return }
            logger.debug("backed up room keys", metadata: ["count": "\(pending.count)", "version": "\(backup.version)"])
        }
    }

    /// A session's `KeyBackupData`: its export encrypted to the backup's key.
    private func backupData(for record: GroupSessionRecord, to publicKey: Curve25519PublicKey) -> JSONValue? {
        guard let sessionKey = exportedKey(of: record), let session = try? InboundGroupSession(exportedKey: sessionKey) else { return nil }
        let key = ExportedRoomKey(algorithm: CryptoAlgorithm.megolm, roomID: record.roomID, senderKey: record.senderKey,
                                  sessionID: record.sessionID, sessionKey: sessionKey, senderClaimedKeys: ["ed25519": record.signingKey],
                                  sharesHistory: record.sharesHistory)
        return [
            "first_message_index": .integer(Int64(session.firstKnownIndex)),
            "forwarded_count": .integer(record.isImported ? 1 : 0),
            "is_verified": .bool(!record.isImported),
            "session_data": EncryptedBackupSession.encrypting(key.backupPlaintext, for: publicKey).json,
        ]
    }

    /// Downloads and decrypts every room key of the backup and keeps those better than what is
    /// here. `progress` hears (done, total) as sessions are decrypted. Returns the IDs of the
    /// sessions kept, and how many the backup held.
    public func restoreBackup(progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws(RecoveryError) -> BackupRestore {
        let trust = try trustService
        guard let backupKey, let backup = try? await store.keyBackup(), backupKey.publicKey.base64 == backup.publicKey else { throw .noBackup }
        // Until the keys are stored, the next start knows to do it again.
        try? await store.setRestorePending(true)
        let rooms = try await serverCall { () throws(MatrixError) in try await trust.backedUpKeys(version: backup.version) }
        let entries = (rooms.object ?? [:]).flatMap { roomID, room in
            (room["sessions"]?.object ?? [:]).map { (roomID: roomID, sessionID: $0.key, data: $0.value) }
        }
        var keys: [ExportedRoomKey] = []
        keys.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let key = decryptBackedUp(entry.data, roomID: entry.roomID, sessionID: entry.sessionID, with: backupKey) {
                keys.append(key)
            }
            if (index + 1) % 1000 == 0 { progress(index + 1, entries.count) }
        }
        let kept = await importRoomKeys(keys, fromBackup: true)
        try? await store.setRestorePending(false)
        logger.info("restored room keys from the backup", metadata: ["kept": "\(kept.count)", "total": "\(entries.count)",
                                                                    "version": "\(backup.version)"])
        return BackupRestore(sessionIDs: kept, total: entries.count, unreadable: entries.count - keys.count)
    }

    /// Finishes a restore the last run began but did not end (it was killed, or the server went
    /// away), and decrypts the stored messages it makes readable; `nil` when there was none.
    public func finishInterruptedRestore() async -> SyncResult? {
        guard let backup = try? await store.keyBackup(), backup.isRestorePending,
              let restore = try? await restoreBackup(), !restore.sessionIDs.isEmpty else { return nil }
        return await retryUndecrypted(sessionIDs: restore.sessionIDs)
    }

    /// After another own device shared the backup key: everything the backup holds comes down,
    /// as after `/recovery`; the stored messages it makes readable.
    public func restoreSharedBackup() async -> SyncResult? {
        guard backupKeyShared else { return nil }
        backupKeyShared = false
        guard let restore = try? await restoreBackup(), !restore.sessionIDs.isEmpty else { return nil }
        return await retryUndecrypted(sessionIDs: restore.sessionIDs)
    }

    /// The sessions the backup has of these, fetched one by one as messages need them, and kept.
    func restoreFromBackup(_ sessions: [GroupSessionKey]) async -> Set<String> {
        guard !sessions.isEmpty, let trust, let backupKey, let backup = try? await store.keyBackup(),
              backupKey.publicKey.base64 == backup.publicKey else { return [] }
        var keys: [ExportedRoomKey] = []
        for session in sessions {
            guard let data = try? await trust.backedUpKey(roomID: session.roomID, sessionID: session.sessionID, version: backup.version),
                  let key = decryptBackedUp(data, roomID: session.roomID, sessionID: session.sessionID, with: backupKey)
            else { continue }
            keys.append(key)
        }
        return await importRoomKeys(keys, fromBackup: true)
    }

    /// One backed-up session's room key; `nil` (and a warning) when it does not decrypt.
    private func decryptBackedUp(_ data: JSONValue, roomID: String, sessionID: String, with key: BackupDecryptionKey) -> ExportedRoomKey? {
        guard let sessionData = data["session_data"], let encrypted = try? EncryptedBackupSession(json: sessionData),
              let plaintext = try? key.decrypt(encrypted),
              let roomKey = try? ExportedRoomKey(backedUp: plaintext, roomID: roomID, sessionID: sessionID)
        else {
            logger.warning("backed-up room key unreadable", metadata: ["room": "\(roomID)", "session": "\(sessionID)"])
            return nil
        }
        return roomKey
    }
}

/// What a restore from the backup did.
public struct BackupRestore: Sendable, Equatable {
    /// The sessions kept: new here, or better than the copy here.
    public var sessionIDs: Set<String>
    /// How many sessions the backup holds.
    public var total: Int
    /// How many of them did not decrypt.
    public var unreadable: Int
}
