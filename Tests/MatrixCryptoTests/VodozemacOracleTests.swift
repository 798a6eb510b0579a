import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// MatrixCrypto against vodozemac, both directions; needs the dev venv (Scripts/test).
@Suite(.enabled(if: VodozemacOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct VodozemacOracleTests {
    /// Random sizes across AES block boundaries, with random bytes (not only UTF-8).
    private func randomPlaintexts(_ count: Int) -> [Data] {
        (0..<count).map { _ in Data((0..<Int.random(in: 0...70)).map { _ in UInt8.random(in: 0...255) }) }
    }

    @Test func swiftDecryptsVodozemacMessagesOutOfOrderAndWithGaps() async throws {
        let plaintexts = randomPlaintexts(40)
        let answer = try await VodozemacOracle.call(["command": "encrypt", "plaintexts": plaintexts.map { $0.base64EncodedString() }])
        let messages = try #require(answer["messages"] as? [String])
        let sessionKey = try #require(answer["session_key"] as? String)
        let inbound = try InboundGroupSession(sessionKey: MegolmSessionKey(base64: sessionKey))
        #expect(inbound.sessionID == answer["session_id"] as? String)
        for index in [39, 3, 0, 17, 16, 38, 3] {
            let decrypted = try inbound.decrypt(messages[index])
            #expect(decrypted.plaintext == plaintexts[index] && decrypted.messageIndex == UInt32(index))
        }
    }

    @Test func vodozemacDecryptsSwiftMessages() async throws {
        var outbound = OutboundGroupSession()
        _ = try outbound.encrypt(Data("before the key was shared".utf8))
        let sessionKey = outbound.sessionKey
        let plaintexts = randomPlaintexts(30)
        let messages = try plaintexts.map { try outbound.encrypt($0) }
        let order = [29, 0, 12, 5]
        let answer = try await VodozemacOracle.call([
            "command": "decrypt", "session_key": sessionKey.base64, "messages": order.map { messages[$0] },
        ])
        #expect(answer["plaintexts"] as? [String] == order.map { plaintexts[$0].base64EncodedString() })
        #expect(answer["indexes"] as? [Int] == order.map { $0 + 1 })
    }

    /// Both sides wind the same ratchet across every part's boundary and must export the same
    /// bytes; each side's export then decrypts the other side's messages.
    @Test func exportsAgreeAtLargeIndexesAndImportBothWays() async throws {
        var outbound = OutboundGroupSession()
        let sessionKey = outbound.sessionKey
        let inbound = try InboundGroupSession(sessionKey: sessionKey)
        for index: UInt32 in [0, 255, 256, 0x1_0000, 0x0102_0304, 0xFFFF_FFFF] {
            let theirs = try await VodozemacOracle.call(["command": "export", "session_key": sessionKey.base64, "index": index])
            #expect(theirs["exported_key"] as? String == inbound.export(at: index)?.base64, "index \(index)")
        }
        let messages = try (0..<5).map { try outbound.encrypt(Data("m\($0)".utf8)) }
        let swiftExport = try #require(inbound.export(at: 2))
        let answer = try await VodozemacOracle.call(["command": "decrypt", "exported_key": swiftExport.base64, "messages": [messages[4]]])
        #expect(answer["plaintexts"] as? [String] == [Data("m4".utf8).base64EncodedString()])

        let theirSession = try await VodozemacOracle.call(["command": "encrypt", "plaintexts": randomPlaintexts(4).map { $0.base64EncodedString() }])
        let theirKey = try #require(theirSession["session_key"] as? String)
        let theirMessages = try #require(theirSession["messages"] as? [String])
        let theirExport = try await VodozemacOracle.call(["command": "export", "session_key": theirKey, "index": 3])
        let exportedKey = try #require(theirExport["exported_key"] as? String)
        let imported = try InboundGroupSession(exportedKey: MegolmSessionKey(base64: exportedKey))
        #expect(try imported.decrypt(theirMessages[3]).messageIndex == 3)
        #expect(throws: MatrixCryptoError.unknownMessageIndex(2, firstKnown: 3)) { try imported.decrypt(theirMessages[2]) }
    }

    @Test func signaturesVerifyOnTheOtherSide() async throws {
        let object: JSONValue = ["user_id": "@alice:localhost", "keys": ["ed25519:DEV": "x", "curve25519:DEV": "y"], "é": [1, -2]]
        let payload = String(decoding: try object.signingPayload(), as: UTF8.self)

        let theirs = try await VodozemacOracle.call(["command": "sign", "payload": payload])
        let theirKey = try Ed25519PublicKey(base64: try #require(theirs["public_key"] as? String))
        let theirEncodedSignature = try #require(theirs["signature"] as? String)
        let theirSignature = try #require(Data(unpaddedBase64: theirEncodedSignature))
        #expect(theirKey.isValidSignature(theirSignature, for: Data(payload.utf8)))

        let key = Ed25519SigningKey()
        let signature = key.signature(for: Data(payload.utf8)).unpaddedBase64
        let verdict = try await VodozemacOracle.call(["command": "verify", "public_key": key.publicKey.base64, "payload": payload, "signature": signature])
        #expect(verdict["valid"] as? Bool == true)
        let forged = try await VodozemacOracle.call(["command": "verify", "public_key": key.publicKey.base64, "payload": payload + " ", "signature": signature])
        #expect(forged["valid"] as? Bool == false)
    }

    /// Synapse's own canonical JSON (the `canonicaljson` package) must give the same bytes.
    @Test func canonicalJSONMatchesSynapse() async throws {
        let text = #"{"z":{"b":[1,{"y":null,"x":false}],"a":"\u0001\u001f\"\\/ é 日 😀 \u007f"},"é":-9007199254740991,"e":"\n\t\b\f\r","日":{},"a":[]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let theirs = try await VodozemacOracle.call(["command": "canonical", "value": try JSONSerialization.jsonObject(with: Data(text.utf8))])
        #expect(String(decoding: try value.canonicalEncoding(), as: UTF8.self) == theirs["canonical"] as? String)
    }
}
