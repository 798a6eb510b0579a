import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Key backup against vodozemac's PkEncryption/PkDecryption and the spec's steps written out
/// with Python's `cryptography` (`Peers/backup_oracle.py`); needs the dev venv (Scripts/test).
@Suite(.enabled(if: PythonOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct BackupOracleTests {
    private let oracle = PythonOracle(script: "backup_oracle.py")

    /// Random sizes across AES block boundaries, with random bytes.
    private func randomPlaintexts() -> [Data] {
        [0, 1, 15, 16, 17, 300].map { count in Data((0..<count).map { _ in UInt8.random(in: 0...255) }) }
    }

    private func sessionData(_ answer: [String: Any]) throws -> JSONValue {
        let object = try #require(answer["session_data"] as? [String: String])
        return .object(object.mapValues { .string($0) })
    }

    private func requestValue(_ session: EncryptedBackupSession) -> [String: String] {
        ["ephemeral": session.ephemeral.base64, "ciphertext": session.ciphertext.unpaddedBase64, "mac": session.mac.unpaddedBase64]
    }

    @Test func vodozemacDecryptsSwiftBackups() async throws {
        let key = BackupDecryptionKey()
        for plaintext in randomPlaintexts() {
            let session = EncryptedBackupSession.encrypting(plaintext, for: key.publicKey)
            let answer = try await oracle.call([
                "command": "decrypt", "private_key": key.base64, "session_data": requestValue(session),
            ])
            #expect(answer["plaintext"] as? String == plaintext.unpaddedBase64)
        }
        let other = EncryptedBackupSession.encrypting(Data("x".utf8), for: BackupDecryptionKey().publicKey)
        let refused = try await oracle.call(["command": "decrypt", "private_key": key.base64, "session_data": requestValue(other)])
        #expect(refused["error"] != nil)
    }

    @Test func swiftDecryptsVodozemacBackups() async throws {
        let key = BackupDecryptionKey()
        for plaintext in randomPlaintexts() {
            let answer = try await oracle.call([
                "command": "encrypt", "public_key": key.publicKey.base64, "plaintext": plaintext.base64EncodedString(),
            ])
            #expect(try key.decrypt(EncryptedBackupSession(json: sessionData(answer))) == plaintext)
        }
    }

    /// The spec's steps by hand (its 32-byte zero salt, against vodozemac's one zero byte), with
    /// either MAC: Swift reads both, while vodozemac reads only libolm's empty-string form,
    /// which is why Swift writes that one.
    @Test(arguments: ["empty", "ciphertext"])
    func swiftReadsTheSpecStepsWithEitherMAC(macOver: String) async throws {
        let key = BackupDecryptionKey()
        let plaintext = Data(#"{"algorithm":"m.megolm.v1.aes-sha2","é":"ü"}"#.utf8)
        let answer = try await oracle.call([
            "command": "encrypt_by_hand", "public_key": key.publicKey.base64,
            "plaintext": plaintext.base64EncodedString(), "mac_over": macOver,
        ])
        #expect(try key.decrypt(EncryptedBackupSession(json: sessionData(answer))) == plaintext)
        let vodozemac = try await oracle.call([
            "command": "decrypt", "private_key": key.base64, "session_data": try #require(answer["session_data"]),
        ])
        #expect((vodozemac["plaintext"] != nil) == (macOver == "empty"))
    }

    /// A vodozemac session backed up as other clients do: Swift restores it and decrypts the
    /// session's messages.
    @Test func swiftRestoresAVodozemacSession() async throws {
        let key = BackupDecryptionKey()
        let texts = ["first", #"{"body":"second é"}"#]
        let answer = try await oracle.call(["command": "back_up_session", "public_key": key.publicKey.base64, "plaintexts": texts])
        let sessionID = try #require(answer["session_id"] as? String)
        let plaintext = try key.decrypt(EncryptedBackupSession(json: sessionData(answer)))
        let roomKey = try ExportedRoomKey(backedUp: plaintext, roomID: "!room:example.org", sessionID: sessionID)
        #expect(roomKey.senderKey == answer["sender_key"] as? String)
        #expect(roomKey.senderClaimedKeys == ["ed25519": try #require(answer["ed25519"] as? String)])
        let session = try InboundGroupSession(exportedKey: roomKey.sessionKey)
        let messages = try #require(answer["messages"] as? [String])
        #expect(try messages.map { try session.decrypt($0).plaintext } == texts.map { Data($0.utf8) })
    }

    /// A Swift session backed up by Swift: vodozemac decrypts the backup, imports the session
    /// and decrypts Swift's messages.
    @Test func vodozemacRestoresASwiftSession() async throws {
        var outbound = OutboundGroupSession()
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        let texts = ["one", "two é"]
        let messages = try texts.map { try outbound.encrypt(Data($0.utf8)) }
        let roomKey = ExportedRoomKey(
            roomID: "!room:example.org", senderKey: "SenderCurve25519Key", sessionID: inbound.sessionID,
            sessionKey: try #require(inbound.export(at: 0)), senderClaimedKeys: ["ed25519": "SenderEd25519Key"])
        let key = BackupDecryptionKey()
        let session = EncryptedBackupSession.encrypting(roomKey.backupPlaintext, for: key.publicKey)
        let answer = try await oracle.call([
            "command": "restore_session", "private_key": key.base64, "session_data": requestValue(session), "messages": messages,
        ])
        #expect(answer["session_id"] as? String == inbound.sessionID)
        #expect(answer["plaintexts"] as? [String] == texts)
        let restored = try #require(answer["session"] as? [String: Any])
        #expect(restored["sender_key"] as? String == "SenderCurve25519Key")
        #expect(restored["room_id"] == nil)
    }
}
