import Foundation
import MatrixCrypto

/// Room keys in and out of Element's key export files, for `/keys`.
extension CryptoMachine {
    /// Every stored inbound Megolm session, each from the earliest index it knows. A session
    /// whose sealed state does not open is left out rather than failing the whole export.
    public func exportRoomKeys() async throws -> [ExportedRoomKey] {
        try await store.inboundGroupSessions().compactMap { record in
            guard let sessionKey = exportedKey(of: record) else {
                logger.warning("room key not exported: its state does not open", metadata: ["session": "\(record.sessionID)"])
                return nil
            }
            return ExportedRoomKey(algorithm: CryptoAlgorithm.megolm, roomID: record.roomID, senderKey: record.senderKey, sessionID: record.sessionID,
                                   sessionKey: sessionKey,
                                   senderClaimedKeys: ["ed25519": record.signingKey], sharesHistory: record.sharesHistory)
        }
    }

    /// Stores the sessions of an export or the backup as imported (their authenticity rests on
    /// whoever made the copy), unless a better copy is already here. Returns the IDs of the
    /// sessions stored.
    public func importRoomKeys(_ keys: [ExportedRoomKey], fromBackup: Bool = false) async -> Set<String> {
        var candidates: [(session: InboundGroupSession, record: GroupSessionRecord)] = []
        for key in keys where key.algorithm == CryptoAlgorithm.megolm {
            guard let signingKey = key.senderClaimedKeys["ed25519"],
                  let session = try? InboundGroupSession(exportedKey: key.sessionKey), session.sessionID == key.sessionID else {
                logger.warning("room key not imported: unusable entry", metadata: ["session": "\(key.sessionID)"])
                continue
            }
            candidates.append((session, GroupSessionRecord(roomID: key.roomID, sessionID: key.sessionID, senderKey: key.senderKey,
                                                           signingKey: signingKey, isImported: true, state: Data(),
                                                           sharesHistory: key.sharesHistory)))
        }
        return await keep(candidates, backedUp: fromBackup)
    }
}
