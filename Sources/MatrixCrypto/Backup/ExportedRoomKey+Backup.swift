import Foundation
import MatrixJSON

/// A session as a backup holds it (`BackedUpSessionData`): a key export entry without `room_id`
/// and `session_id`, which are the path it is stored under (`/room_keys/keys/{roomId}/{sessionId}`).
extension ExportedRoomKey {
    /// From what `BackupDecryptionKey.decrypt` returned for the session stored at `roomID` and
    /// `sessionID`. The session key must be a Megolm export whose public key is `sessionID`, so
    /// a session filed under another's ID is refused; members other clients add are ignored.
    public init(backedUp plaintext: Data, roomID: String, sessionID: String) throws {
        let session: BackedUpSession
        do {
            session = try JSONDecoder().decode(BackedUpSession.self, from: plaintext)
        } catch {
            // DecodingError would name members and values; the plaintext holds a session key.
            throw MatrixCryptoError.malformed("backed-up session")
        }
        guard session.algorithm == Self.megolmAlgorithm else { throw MatrixCryptoError.malformed("backed-up session algorithm") }
        guard try InboundGroupSession(exportedKey: session.sessionKey).sessionID == sessionID else {
            throw MatrixCryptoError.malformed("backed-up session key of another session")
        }
        self.init(
            algorithm: session.algorithm, roomID: roomID, senderKey: session.senderKey, sessionID: sessionID,
            sessionKey: session.sessionKey, senderClaimedKeys: session.senderClaimedKeys,
            forwardingCurve25519KeyChain: session.forwardingCurve25519KeyChain, sharesHistory: session.sharesHistory)
    }

    /// The JSON to encrypt with `EncryptedBackupSession.encrypting`, canonical so it is the
    /// same bytes every time.
    public var backupPlaintext: Data {
        let value: JSONValue = [
            "algorithm": .string(algorithm),
            "sender_key": .string(senderKey),
            "session_key": .string(sessionKey.base64),
            "sender_claimed_keys": .object(senderClaimedKeys.mapValues { .string($0) }),
            "forwarding_curve25519_key_chain": .array(forwardingCurve25519KeyChain.map { .string($0) }),
            "shared_history": .bool(sharesHistory), "m.shared_history": .bool(sharesHistory),
        ]
        // Canonical encoding only fails for numbers, and this holds strings only.
        return try! value.canonicalEncoding()
    }
}

private struct BackedUpSession: Decodable {
    let algorithm: String
    let senderKey: String
    let sessionKey: MegolmSessionKey
    let senderClaimedKeys: [String: String]
    let forwardingCurve25519KeyChain: [String]
    let sharesHistory: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ExportedRoomKey.CodingKeys.self)
        algorithm = try container.decode(String.self, forKey: .algorithm)
        senderKey = try container.decode(String.self, forKey: .senderKey)
        sessionKey = try container.decode(MegolmSessionKey.self, forKey: .sessionKey)
        senderClaimedKeys = try container.decode([String: String].self, forKey: .senderClaimedKeys)
        forwardingCurve25519KeyChain = try container.decode([String].self, forKey: .forwardingCurve25519KeyChain)
        sharesHistory = try ExportedRoomKey.sharesHistory(in: container)
    }
}
