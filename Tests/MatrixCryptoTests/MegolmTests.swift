import Foundation
@testable import MatrixCrypto
import Testing

@Suite struct MegolmTests {
    private func bytes(_ text: String) -> Data { Data(text.utf8) }

    @Test func inboundDecryptsOutOfOrderAndReportsIndexes() throws {
        var outbound = OutboundGroupSession()
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        #expect(inbound.sessionID == outbound.sessionID)
        let messages = try (0..<300).map { try outbound.encrypt(bytes("message \($0)")) }
        #expect(outbound.messageIndex == 300)
        for index in [299, 0, 256, 5, 255] {
            let decrypted = try inbound.decrypt(messages[index])
            #expect(decrypted == DecryptedGroupMessage(plaintext: bytes("message \(index)"), messageIndex: UInt32(index)))
        }
    }

    /// After messages in order (which keep the latest ratchet), earlier indexes still decrypt and
    /// export from the first known ratchet, and every answer matches a fresh session's.
    @Test func earlierIndexesAfterInOrderDecryption() throws {
        var outbound = OutboundGroupSession()
        let sessionKey = outbound.sessionKey
        let inbound = try InboundGroupSession(sessionKey: sessionKey)
        let messages = try (0..<600).map { try outbound.encrypt(bytes("message \($0)")) }
        for (index, message) in messages.enumerated() {
            #expect(try inbound.decrypt(message).plaintext == bytes("message \(index)"))
        }
        for index in [0, 255, 256, 599, 300, 1] {
            #expect(try inbound.decrypt(messages[index]).plaintext == bytes("message \(index)"))
        }
        let fresh = try InboundGroupSession(sessionKey: sessionKey)
        for index: UInt32 in [3, 599, 600, 70_000] {
            #expect(inbound.export(at: index) == fresh.export(at: index), "index \(index)")
        }
    }

    @Test func laterSessionKeyRefusesEarlierMessages() throws {
        var outbound = OutboundGroupSession()
        let early = try outbound.encrypt(bytes("before"))
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        #expect(inbound.firstKnownIndex == 1)
        #expect(throws: MatrixCryptoError.unknownMessageIndex(0, firstKnown: 1)) { try inbound.decrypt(early) }
        #expect(try inbound.decrypt(outbound.encrypt(bytes("after"))).plaintext == bytes("after"))
    }

    @Test func tamperedMessagesAreRefused() throws {
        var outbound = OutboundGroupSession()
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        var data = try #require(Data(unpaddedBase64: try outbound.encrypt(bytes("hello"))))
        data[data.count - 1] ^= 1  // signature
        #expect(throws: MatrixCryptoError.badSignature) { try inbound.decrypt(data.unpaddedBase64) }
        #expect(throws: MatrixCryptoError.invalidBase64) { try inbound.decrypt("not base64!") }
    }

    /// A sender holding the session's signing key can sign anything: the MAC still has to match.
    @Test func wrongMACUnderAValidSignatureIsRefused() throws {
        let signingKey = Ed25519SigningKey()
        let ratchet = MegolmRatchet.random()
        var sessionData = MegolmSessionFormat.encode(
            ratchet, publicKey: signingKey.publicKey, version: MegolmSessionFormat.sharingVersion)
        sessionData.append(signingKey.signature(for: sessionData))
        let inbound = try InboundGroupSession(sessionKey: MegolmSessionKey(base64: sessionData.unpaddedBase64))
        let keys = CipherKeys(secret: ratchet.bytes, purpose: .megolm)
        var message = MegolmMessage(index: 0, ciphertext: keys.encrypt(bytes("hello"))).authenticatedBytes
        let mac = keys.mac(for: message)
        message.append(Data(mac.map { $0 ^ 0xFF }))
        message.append(signingKey.signature(for: message))
        #expect(throws: MatrixCryptoError.badMAC) { try inbound.decrypt(message.unpaddedBase64) }
    }

    @Test func forgedSessionKeyIsRefused() throws {
        var data = try #require(Data(unpaddedBase64: OutboundGroupSession().sessionKey.base64))
        data[10] ^= 1
        #expect(throws: MatrixCryptoError.badSignature) {
            try InboundGroupSession(sessionKey: MegolmSessionKey(base64: data.unpaddedBase64))
        }
    }

    @Test func exportAtAnIndexDecryptsFromThereOn() throws {
        var outbound = OutboundGroupSession()
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        let messages = try (0..<10).map { try outbound.encrypt(bytes("m\($0)")) }
        let exported = try #require(inbound.export(at: 4))
        let imported = try InboundGroupSession(exportedKey: exported)
        #expect(imported.firstKnownIndex == 4 && imported.sessionID == outbound.sessionID)
        #expect(try imported.decrypt(messages[7]).plaintext == bytes("m7"))
        #expect(throws: MatrixCryptoError.unknownMessageIndex(3, firstKnown: 4)) { try imported.decrypt(messages[3]) }
        #expect(imported.export(at: 3) == nil)
        // The two formats are not interchangeable.
        #expect(throws: MatrixCryptoError.unsupportedVersion(1)) { try InboundGroupSession(sessionKey: exported) }
    }

    /// A jump crosses every part's boundary at once; it must land where single steps and
    /// uneven smaller jumps do.
    @Test func largeJumpsMatchSmallSteps() throws {
        let start = MegolmRatchet.random()
        var jumped = start
        jumped.advance(to: 0x0001_0203)
        var chunked = start
        for target: UInt32 in [1, 255, 256, 257, 0xFFFF, 0x1_0000, 0x1_0101, 0x1_0203] { chunked.advance(to: target) }
        #expect(jumped.bytes == chunked.bytes && jumped.index == 0x0001_0203)
        var stepped = start
        for target in UInt32(1)...600 { stepped.advance(to: target) }
        var direct = start
        direct.advance(to: 600)
        #expect(stepped.bytes == direct.bytes)
    }

    @Test func descriptionsHideKeys() throws {
        let outbound = OutboundGroupSession()
        let key = outbound.sessionKey
        #expect(!"\(key)".contains(key.base64))
        #expect("\(outbound)" == "OutboundGroupSession(\(outbound.sessionID), index 0)")
        #expect("\(try InboundGroupSession(sessionKey: key))" == "InboundGroupSession(\(outbound.sessionID), from index 0)")
    }

    @Test func aSessionAtTheLastIndexRefusesToEncryptRatherThanWrap() throws {
        var outbound = OutboundGroupSession(startingAt: .max - 1)
        let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
        #expect(try inbound.decrypt(outbound.encrypt(Data("last".utf8))).messageIndex == .max - 1)
        #expect(throws: MatrixCryptoError.sessionExhausted) { try outbound.encrypt(Data("one too many".utf8)) }
    }
}
