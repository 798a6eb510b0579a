import Foundation
import MatrixCrypto
import Testing

/// RoomKeyExport against matrix-nio's key export and import (`Peers/key_export_oracle.py`),
/// with vodozemac holding the sessions on nio's side; needs the dev venv (Scripts/test).
@Suite(.enabled(if: PythonOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct RoomKeyExportNioTests {
    private let nio = PythonOracle(script: "key_export_oracle.py")
    private let rounds = 1000
    private let passphrase = "pässphrase with spaces"

    @Test func nioDecryptsSwiftFiles() async throws {
        for plaintext in [Data(), Data((0..<700).map { _ in UInt8.random(in: 0...255) })] {
            let file = try RoomKeyExport.encrypt(plaintext, passphrase: passphrase, rounds: rounds)
            let answer = try await nio.call(["command": "decrypt", "file": file, "passphrase": passphrase])
            #expect(answer["plaintext"] as? String == plaintext.base64EncodedString())
        }
    }

    @Test func swiftDecryptsNioFiles() async throws {
        let plaintext = Data((0..<700).map { _ in UInt8.random(in: 0...255) })
        let answer = try await nio.call([
            "command": "encrypt", "plaintext": plaintext.base64EncodedString(), "passphrase": passphrase, "rounds": rounds,
        ])
        let file = try #require(answer["file"] as? String)
        #expect(try RoomKeyExport.decrypt(file, passphrase: passphrase) == plaintext)
        #expect(throws: RoomKeyExportError.authenticationFailed) { try RoomKeyExport.decrypt(file, passphrase: "wrong") }
    }

    @Test func nioRefusesSwiftFilesUnderAWrongPassphrase() async throws {
        let file = try RoomKeyExport.encrypt(Data("[]".utf8), passphrase: passphrase, rounds: rounds)
        let answer = try await nio.call(["command": "decrypt", "file": file, "passphrase": "wrong"])
        #expect((answer["error"] as? String)?.contains("HMAC") == true)
    }

    /// A session Swift exports from index 1 imports through nio's `import_keys` into vodozemac,
    /// which then decrypts Swift's messages from that index on.
    @Test func nioImportsSwiftExports() async throws {
        var outbound = OutboundGroupSession()
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        let texts = (0..<4).map { #"{"type":"m.room.message","content":{"body":"message \#($0) é"}}"# }
        let messages = try texts.map { try outbound.encrypt(Data($0.utf8)) }
        let entry = ExportedRoomKey(
            roomID: "!room:example.org", senderKey: "SenderCurve25519Key", sessionID: inbound.sessionID,
            sessionKey: try #require(inbound.export(at: 1)), senderClaimedKeys: ["ed25519": "SenderEd25519Key"],
            forwardingCurve25519KeyChain: ["ForwarderKey"])
        let file = try RoomKeyExport.encrypt(JSONEncoder().encode([entry]), passphrase: passphrase, rounds: rounds)

        let answer = try await nio.call(["command": "import", "file": file, "passphrase": passphrase, "messages": [messages[3], messages[1]]])
        let sessions = try #require(answer["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["session_id"] as? String == inbound.sessionID)
        #expect(sessions.first?["room_id"] as? String == "!room:example.org")
        #expect(sessions.first?["sender_key"] as? String == "SenderCurve25519Key")
        #expect(sessions.first?["ed25519"] as? String == "SenderEd25519Key")
        #expect(sessions.first?["forwarding_chain"] as? [String] == ["ForwarderKey"])
        #expect(sessions.first?["first_known_index"] as? Int == 1)
        #expect(answer["plaintexts"] as? [String] == [texts[3], texts[1]])
        #expect(answer["indexes"] as? [Int] == [3, 1])
    }

    /// nio's `export_keys` of a vodozemac session that had sent two messages: Swift reads the
    /// entry and decrypts vodozemac's later messages with it, and nothing before.
    @Test func swiftImportsNioExports() async throws {
        let texts = ["first after the export", #"{"body":"second","é":"ü"}"#]
        let answer = try await nio.call([
            "command": "export", "passphrase": passphrase, "rounds": rounds, "room_id": "!room:example.org",
            "skip": 2, "plaintexts": texts,
        ])
        let file = try #require(answer["file"] as? String)
        let messages = try #require(answer["messages"] as? [String])
        let entries = try JSONDecoder().decode([ExportedRoomKey].self, from: RoomKeyExport.decrypt(file, passphrase: passphrase))
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.algorithm == ExportedRoomKey.megolmAlgorithm)
        #expect(entry.roomID == "!room:example.org")
        #expect(entry.sessionID == answer["session_id"] as? String)
        #expect(entry.senderKey == answer["sender_key"] as? String)
        #expect(entry.senderClaimedKeys == ["ed25519": try #require(answer["ed25519"] as? String)])
        #expect(entry.forwardingCurve25519KeyChain.isEmpty)

        let session = try InboundGroupSession(exportedKey: entry.sessionKey)
        #expect(session.sessionID == entry.sessionID && session.firstKnownIndex == 2)
        for (index, message) in messages.enumerated().reversed() {
            let decrypted = try session.decrypt(message)
            #expect(decrypted.plaintext == Data(texts[index].utf8) && decrypted.messageIndex == UInt32(2 + index))
        }
        // Re-exported from Swift, the entry survives a second trip through nio's importer.
        let again = try RoomKeyExport.encrypt(JSONEncoder().encode(entries), passphrase: passphrase, rounds: rounds)
        let imported = try await nio.call(["command": "import", "file": again, "passphrase": passphrase, "messages": [messages[1]]])
        #expect(imported["plaintexts"] as? [String] == [texts[1]])
    }
}
