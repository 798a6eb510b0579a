import Foundation
import TestSupport
@testable import MatrixCrypto
import Testing

@Suite struct OlmTests {
    private func bytes(_ text: String) -> Data { Data(text.utf8) }

    private struct Pair {
        var alice: OlmSession
        var bob: OlmSession
    }

    /// Alice starts a session with one of Bob's one-time keys; Bob answers her first message.
    private func establish(bobAccount: inout OlmAccount) throws -> Pair {
        bobAccount.generateOneTimeKeys(2)
        let aliceAccount = OlmAccount()
        var alice = aliceAccount.createOutboundSession(
            identityKey: bobAccount.curve25519Key, oneTimeKey: try #require(bobAccount.unpublishedOneTimeKeys.values.first))
        guard case .preKey(let body) = alice.encrypt(bytes("hello")) else { throw MatrixCryptoError.malformed("expected pre-key") }
        let (bob, plaintext) = try bobAccount.createInboundSession(senderKey: aliceAccount.curve25519Key, preKeyMessage: body)
        #expect(plaintext == bytes("hello") && bob.sessionID == alice.sessionID)
        return Pair(alice: alice, bob: bob)
    }

    @Test func swiftSessionsConverseInAnyOrder() throws {
        var bobAccount = OlmAccount()
        var pair = try establish(bobAccount: &bobAccount)
        var generator = SeededGenerator(seed: 7)
        var toBob: [InFlightOlmMessage] = [], toAlice: [InFlightOlmMessage] = []
        var aliceHasReceived = false
        for _ in 0..<40 {
            let batch = (0..<Int.random(in: 1...5, using: &generator)).map { _ in Data.randomPlaintext(using: &generator) }
            if Bool.random(using: &generator) {
                let messages = batch.map { InFlightOlmMessage(plaintext: $0, message: pair.alice.encrypt($0)) }
                #expect(messages.allSatisfy { $0.message.type == (aliceHasReceived ? 1 : 0) })
                toBob += messages
            } else {
                let messages = batch.map { InFlightOlmMessage(plaintext: $0, message: pair.bob.encrypt($0)) }
                #expect(messages.allSatisfy { $0.message.type == 1 })
                toAlice += messages
            }
            if Bool.random(using: &generator) {
                for sent in toBob.shuffled(using: &generator) { #expect(try pair.bob.decrypt(sent.message) == sent.plaintext) }
                toBob = []
            } else {
                for sent in toAlice.shuffled(using: &generator) { #expect(try pair.alice.decrypt(sent.message) == sent.plaintext) }
                aliceHasReceived = aliceHasReceived || !toAlice.isEmpty
                toAlice = []
            }
        }
    }

    @Test func serializedStateCarriesOn() throws {
        var bobAccount = OlmAccount()
        var pair = try establish(bobAccount: &bobAccount)
        let late = pair.bob.encrypt(bytes("late"))
        #expect(try pair.alice.decrypt(pair.bob.encrypt(bytes("reply"))) == bytes("reply"))
        let held = pair.alice.encrypt(bytes("held back"))

        var alice = try OlmSession(serialized: pair.alice.serialized())
        var bob = try OlmSession(serialized: pair.bob.serialized())
        #expect(alice.sessionID == pair.alice.sessionID && bob.sessionID == pair.bob.sessionID)
        #expect(try alice.decrypt(late) == bytes("late"), "skipped keys survive serialization")
        #expect(try bob.decrypt(alice.encrypt(bytes("after"))) == bytes("after"))
        #expect(try bob.decrypt(held) == bytes("held back"))
        #expect(try alice.decrypt(bob.encrypt(bytes("and back"))) == bytes("and back"))

        var restored = try OlmAccount(serialized: bobAccount.serialized())
        #expect(restored.curve25519Key == bobAccount.curve25519Key && restored.ed25519Key == bobAccount.ed25519Key)
        #expect(restored.unpublishedOneTimeKeys == bobAccount.unpublishedOneTimeKeys)
        #expect(restored.ed25519Key.isValidSignature(restored.signature(for: bytes("signed")), for: bytes("signed")))
        let aliceAccount = OlmAccount()
        var third = aliceAccount.createOutboundSession(
            identityKey: restored.curve25519Key, oneTimeKey: try #require(restored.unpublishedOneTimeKeys.values.first))
        guard case .preKey(let body) = third.encrypt(bytes("to restored")) else { throw MatrixCryptoError.malformed("expected pre-key") }
        #expect(try restored.createInboundSession(senderKey: aliceAccount.curve25519Key, preKeyMessage: body).plaintext == bytes("to restored"))

        #expect(throws: MatrixCryptoError.unsupportedVersion(9)) { try OlmSession(serialized: Data(#"{"version":9,"state":{}}"#.utf8)) }
        #expect(throws: MatrixCryptoError.malformed("serialized Olm state")) { try OlmAccount(serialized: Data("{}".utf8)) }
    }

    @Test func tamperedMessagesFailAndLeaveTheSessionAsItWas() throws {
        var bobAccount = OlmAccount()
        var pair = try establish(bobAccount: &bobAccount)
        guard case .normal(let body) = pair.bob.encrypt(bytes("genuine")) else { throw MatrixCryptoError.malformed("expected normal") }
        let before = try pair.alice.serialized()
        var badMAC = body
        badMAC[badMAC.count - 1] ^= 1
        var badCiphertext = body
        badCiphertext[badCiphertext.count - 9] ^= 1
        for tampered in [badMAC, badCiphertext] {
            #expect(throws: MatrixCryptoError.badMAC) { try pair.alice.decrypt(.normal(tampered)) }
            #expect(try pair.alice.serialized() == before)
        }
        #expect(throws: MatrixCryptoError.self) { try pair.alice.decrypt(.normal(body.prefix(10))) }
        #expect(throws: MatrixCryptoError.unsupportedVersion(4)) { try pair.alice.decrypt(.normal(Data([4]) + body.dropFirst())) }
        #expect(try pair.alice.serialized() == before)
        #expect(try pair.alice.decrypt(.normal(body)) == bytes("genuine"))
    }

    /// 40 skipped keys per chain, gaps up to 2000, the last 5 receiving chains.
    @Test func skippedKeysAndChainsAreBounded() throws {
        var bobAccount = OlmAccount()
        var pair = try establish(bobAccount: &bobAccount)
        let messages = (0..<2002).map { pair.bob.encrypt(bytes("m\($0)")) }
        #expect(throws: MatrixCryptoError.messageGapTooLarge) { try pair.alice.decrypt(messages[2001]) }
        #expect(try pair.alice.decrypt(messages[2000]) == bytes("m2000"))
        #expect(throws: MatrixCryptoError.missingMessageKey) { try pair.alice.decrypt(messages[1959]) }
        #expect(try pair.alice.decrypt(messages[1960]) == bytes("m1960"))
        #expect(throws: MatrixCryptoError.missingMessageKey) { try pair.alice.decrypt(messages[1960]) }

        // Bob's held message stays decryptable while its chain is among Alice's last five.
        pair = try establish(bobAccount: &bobAccount)
        var held: [OlmMessage] = []
        for _ in 0..<6 {
            held.append(pair.bob.encrypt(bytes("held")))
            #expect(try pair.alice.decrypt(pair.bob.encrypt(bytes("bob"))) == bytes("bob"))
            #expect(try pair.bob.decrypt(pair.alice.encrypt(bytes("alice"))) == bytes("alice"))
        }
        #expect(try pair.alice.decrypt(held[2]) == bytes("held"))
        #expect(throws: MatrixCryptoError.badMAC) { try pair.alice.decrypt(held[0]) }
    }

    @Test func oneTimeKeysAreNamedLikeVodozemac() {
        var account = OlmAccount()
        account.generateOneTimeKeys(2)
        #expect(Set(account.unpublishedOneTimeKeys.keys) == ["AAAAAAAAAAA", "AAAAAAAAAAE"])
        account.markKeysAsPublished()
        #expect(account.unpublishedOneTimeKeys.isEmpty)
        account.generateOneTimeKeys(1)
        #expect(Set(account.unpublishedOneTimeKeys.keys) == ["AAAAAAAAAAI"])
        #expect(OlmAccount.maxOneTimeKeys == 5000 && OlmAccount.maxPublishedOneTimeKeys == 50, "vodozemac 0.10's bounds")

        #expect(account.unpublishedFallbackKey == nil)
        account.generateFallbackKey()
        #expect(account.unpublishedFallbackKey?.keyID == "AAAAAAAAAAA")
        account.markKeysAsPublished()
        #expect(account.unpublishedFallbackKey == nil)
        account.generateFallbackKey()
        #expect(account.unpublishedFallbackKey?.keyID == "AAAAAAAAAAE")
    }

    @Test func theOldestOneTimeKeysAreDropped() {
        var keys = OlmOneTimeKeys()
        keys.generate(2, keepingAtMost: 3)
        keys.markAsPublished()
        keys.generate(3, keepingAtMost: 3)
        #expect(Set(keys.unpublished.keys) == Set((2..<5).map { OlmKeyID.string(for: $0) }))
        keys.generate(1, keepingAtMost: 3)
        #expect(Set(keys.unpublished.keys) == Set((3..<6).map { OlmKeyID.string(for: $0) }))
    }

    @Test func unknownKeysAndWrongSendersAreRefused() throws {
        var bobAccount = OlmAccount()
        bobAccount.generateOneTimeKeys(1)
        let aliceAccount = OlmAccount()
        var alice = aliceAccount.createOutboundSession(identityKey: bobAccount.curve25519Key, oneTimeKey: OlmAccount().curve25519Key)
        guard case .preKey(let body) = alice.encrypt(bytes("x")) else { throw MatrixCryptoError.malformed("expected pre-key") }
        #expect(throws: MatrixCryptoError.unknownOneTimeKey) {
            try bobAccount.createInboundSession(senderKey: aliceAccount.curve25519Key, preKeyMessage: body)
        }
        #expect(throws: MatrixCryptoError.mismatchedIdentityKey) {
            try bobAccount.createInboundSession(senderKey: bobAccount.curve25519Key, preKeyMessage: body)
        }
    }

    @Test func smallOrderKeysAndBadMessageTypesAreRefused() {
        for bytes in [Data(count: 32), Data([1]) + Data(count: 31)] {
            #expect(throws: MatrixCryptoError.malformed("Curve25519 public key")) { try Curve25519PublicKey(rawRepresentation: bytes) }
        }
        #expect(throws: MatrixCryptoError.malformed("Olm message type 2")) { try OlmMessage(type: 2, base64Body: "AAAA") }
        #expect(throws: MatrixCryptoError.invalidBase64) { try OlmMessage(type: 0, base64Body: "not base64!") }
        let message = try? OlmMessage(type: 1, base64Body: "AwoA")
        #expect(message == .normal(Data([3, 10, 0])) && message?.base64Body == "AwoA" && message?.type == 1)
    }

    /// Every Data value in serialized state is secret (keys, chain and root keys); descriptions
    /// show none of them.
    @Test func descriptionsHideSecrets() throws {
        var bobAccount = OlmAccount()
        var pair = try establish(bobAccount: &bobAccount)
        bobAccount.generateFallbackKey()
        _ = pair.alice.encrypt(bytes("skip"))
        #expect(try pair.bob.decrypt(pair.alice.encrypt(bytes("later"))) == bytes("later"))
        #expect(bobAccount.description == "OlmAccount(curve25519: \(bobAccount.curve25519Key), ed25519: \(bobAccount.ed25519Key))")
        for (description, serialized) in [
            (bobAccount.description, try bobAccount.serialized()), (pair.alice.description, try pair.alice.serialized()),
            (pair.bob.description, try pair.bob.serialized()),
        ] {
            let secrets = secretStrings(in: try JSONSerialization.jsonObject(with: serialized))
            #expect(!secrets.isEmpty)
            for secret in secrets {
                let unpadded = secret.replacingOccurrences(of: "=", with: "")
                #expect(!description.contains(unpadded))
                #expect(!description.contains(Data(base64Encoded: secret)!.map { String(format: "%02x", $0) }.joined()))
            }
        }
        let keyPair = Curve25519KeyPair()
        #expect(!String(describing: keyPair).contains(keyPair.rawRepresentation.unpaddedBase64))
    }

    /// JSONEncoder writes Data as padded base64, keys as unpadded: the padded strings are secrets.
    private func secretStrings(in object: Any) -> [String] {
        switch object {
        case let text as String: text.hasSuffix("=") ? [text] : []
        case let array as [Any]: array.flatMap(secretStrings)
        case let dictionary as [String: Any]: dictionary.values.flatMap(secretStrings)
        default: []
        }
    }
}
