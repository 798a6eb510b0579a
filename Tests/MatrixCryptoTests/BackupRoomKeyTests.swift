import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// `ExportedRoomKey` as a backup's plaintext (`BackedUpSessionData`) and `BackupAuthData`.
@Suite struct BackupRoomKeyTests {
    private func roomKey() throws -> ExportedRoomKey {
        let inbound = try InboundGroupSession(sessionKey: OutboundGroupSession().sessionKey)
        return ExportedRoomKey(
            roomID: "!room:example.org", senderKey: "SenderCurve25519Key", sessionID: inbound.sessionID,
            sessionKey: try #require(inbound.export(at: 0)), senderClaimedKeys: ["ed25519": "SenderEd25519Key"],
            forwardingCurve25519KeyChain: ["Forwarder/Key"], sharesHistory: true)
    }

    @Test func plaintextLeavesOutThePathAndRoundTrips() throws {
        let key = try roomKey()
        let object = try #require(JSONSerialization.jsonObject(with: key.backupPlaintext) as? [String: Any])
        #expect(Set(object.keys) == ["algorithm", "sender_key", "session_key", "sender_claimed_keys", "forwarding_curve25519_key_chain",
                                     "shared_history", "m.shared_history"])
        #expect(String(decoding: key.backupPlaintext, as: UTF8.self).contains(#""Forwarder/Key""#))
        #expect(try ExportedRoomKey(backedUp: key.backupPlaintext, roomID: key.roomID, sessionID: key.sessionID) == key)
    }

    @Test func throughABackupAndBack() throws {
        let key = try roomKey()
        let backup = BackupDecryptionKey()
        let session = EncryptedBackupSession.encrypting(key.backupPlaintext, for: backup.publicKey)
        let restored = try ExportedRoomKey(
            backedUp: backup.decrypt(EncryptedBackupSession(json: session.json)), roomID: key.roomID, sessionID: key.sessionID)
        #expect(restored == key)
    }

    @Test func refusesASessionFiledUnderAnotherID() throws {
        let key = try roomKey()
        #expect(throws: MatrixCryptoError.malformed("backed-up session key of another session")) {
            try ExportedRoomKey(backedUp: key.backupPlaintext, roomID: key.roomID, sessionID: try roomKey().sessionID)
        }
    }

    @Test func refusesMissingMembersOtherAlgorithmsAndBadSessionKeys() throws {
        let key = try roomKey()
        let members = try #require(JSONSerialization.jsonObject(with: key.backupPlaintext) as? [String: Any])
        func read(_ change: (inout [String: Any]) -> Void) throws {
            var changed = members
            change(&changed)
            let data = try JSONSerialization.data(withJSONObject: changed)
            _ = try ExportedRoomKey(backedUp: data, roomID: key.roomID, sessionID: key.sessionID)
        }
        #expect(throws: MatrixCryptoError.malformed("backed-up session")) { try read { $0["sender_key"] = nil } }
        #expect(throws: MatrixCryptoError.malformed("backed-up session")) { try read { $0["session_key"] = 5 } }
        #expect(throws: MatrixCryptoError.malformed("backed-up session algorithm")) {
            try read { $0["algorithm"] = "m.megolm.v2.aes-sha2" }
        }
        #expect(throws: MatrixCryptoError.self) { try read { $0["session_key"] = "AQAAAAsecret" } }
        #expect(throws: MatrixCryptoError.malformed("backed-up session")) {
            try ExportedRoomKey(backedUp: Data("not json".utf8), roomID: key.roomID, sessionID: key.sessionID)
        }
        // Members other clients add are no reason to refuse.
        try read { $0["shared_history"] = true }
    }

    @Test func authDataSignedByDeviceAndMasterKey() throws {
        let backup = BackupDecryptionKey()
        let device = OlmAccount(), master = Ed25519SigningKey()
        let signed = try BackupAuthData(publicKey: backup.publicKey)
            .signed(by: device, userID: "@alice:example.org", deviceID: "DEVICE")
            .signed(by: master, userID: "@alice:example.org")
        let read = try BackupAuthData(json: signed.json)
        #expect(read.publicKey == backup.publicKey)
        #expect(read.isSigned(by: device.ed25519Key, userID: "@alice:example.org", deviceID: "DEVICE"))
        #expect(read.isSigned(by: master.publicKey, userID: "@alice:example.org"))
        #expect(read.json["signatures"]?["@alice:example.org"]?["ed25519:\(master.publicKey.base64)"] != nil)
        #expect(!read.isSigned(by: master.publicKey, userID: "@bob:example.org"))
        #expect(!read.isSigned(by: device.ed25519Key, userID: "@alice:example.org"))
        #expect(!read.isSigned(by: Ed25519SigningKey().publicKey, userID: "@alice:example.org", deviceID: "DEVICE"))

        // Another server's key swapped in leaves the signatures behind.
        guard case .object(var members) = read.json else { Issue.record("not an object"); return }
        members["public_key"] = .string(BackupDecryptionKey().publicKey.base64)
        let swapped = try BackupAuthData(json: .object(members))
        #expect(!swapped.isSigned(by: master.publicKey, userID: "@alice:example.org"))
        #expect(!swapped.isSigned(by: device.ed25519Key, userID: "@alice:example.org", deviceID: "DEVICE"))
    }

    @Test func authDataNeedsAPublicKey() {
        #expect(throws: MatrixCryptoError.notAnObject) { try BackupAuthData(json: ["a"]) }
        #expect(throws: MatrixCryptoError.malformed("auth_data public_key")) { try BackupAuthData(json: ["signatures": [:]]) }
        #expect(throws: MatrixCryptoError.invalidBase64) { try BackupAuthData(json: ["public_key": "%%"]) }
    }
}
