import Foundation
import TestSupport
@testable import MatrixCrypto
import Testing

/// MatrixCrypto's Olm against vodozemac's, both directions; needs the dev venv (Scripts/test).
@Suite(.enabled(if: VodozemacOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct OlmInteropTests {
    private struct TheirAccount {
        let pickle: String
        let curve25519: Curve25519PublicKey
        let oneTimeKeys: [String: Curve25519PublicKey]
        let fallbackKey: Curve25519PublicKey?

        init(oneTimeKeys count: Int, fallbackKey: Bool = false) async throws {
            let answer = try await VodozemacOracle.call(["command": "olm_account", "one_time_keys": count, "fallback_key": fallbackKey])
            pickle = try OlmInterop.string(answer["account"])
            curve25519 = try Curve25519PublicKey(base64: OlmInterop.string(answer["curve25519"]))
            oneTimeKeys = try Self.keys(answer["one_time_keys"])
            self.fallbackKey = try Self.keys(answer["fallback_key"]).values.first
        }

        static func keys(_ value: Any?) throws -> [String: Curve25519PublicKey] {
            try (value as? [String: String] ?? [:]).mapValues { try Curve25519PublicKey(base64: $0) }
        }
    }

    private struct TheirInboundSession {
        let account: String
        let session: String
        let sessionID: String
        let plaintext: Data
        let oneTimeKeys: [String: Curve25519PublicKey]
    }

    /// Their account receiving our first message; nil (with vodozemac's reason) when it refused.
    private func theyAccept(_ message: OlmMessage, on account: String, from sender: Curve25519PublicKey) async throws
        -> TheirInboundSession?
    {
        let answer = try await VodozemacOracle.call([
            "command": "olm_inbound", "account": account, "sender_key": sender.base64, "message": message.base64Body,
        ])
        guard answer["error"] == nil else { return nil }
        return TheirInboundSession(
            account: try OlmInterop.string(answer["account"]), session: try OlmInterop.string(answer["session"]),
            sessionID: try OlmInterop.string(answer["session_id"]),
            plaintext: try #require(Data(base64Encoded: OlmInterop.string(answer["plaintext"]))),
            oneTimeKeys: try TheirAccount.keys(answer["one_time_keys"]))
    }

    private struct TheirOutboundSession {
        let curve25519: Curve25519PublicKey
        let session: String
        let sessionID: String
        let messages: [OlmMessage]
    }

    private func theyStart(with account: OlmAccount, oneTimeKey: Curve25519PublicKey, sending plaintexts: [Data]) async throws
        -> TheirOutboundSession
    {
        let answer = try await VodozemacOracle.call([
            "command": "olm_outbound", "identity_key": account.curve25519Key.base64, "one_time_key": oneTimeKey.base64,
            "plaintexts": plaintexts.map { $0.base64EncodedString() },
        ])
        return TheirOutboundSession(
            curve25519: try Curve25519PublicKey(base64: OlmInterop.string(answer["curve25519"])),
            session: try OlmInterop.string(answer["session"]), sessionID: try OlmInterop.string(answer["session_id"]),
            messages: try (answer["messages"] as? [Any] ?? []).map(OlmMessage.init(oracle:)))
    }

    private func theyMatch(_ session: String, _ message: OlmMessage) async throws -> Bool {
        try await VodozemacOracle.call(["command": "olm_matches", "session": session, "message": message.base64Body])["matches"] as? Bool == true
    }

    private func bytes(_ text: String) -> Data { Data(text.utf8) }

    /// Our session from their one-time key; their side set up from our second pre-key message
    /// (the first is late), then the first one arrives too.
    private func weStart() async throws -> OlmInterop {
        let theirAccount = try await TheirAccount(oneTimeKeys: 3)
        let oneTimeKey = try #require(theirAccount.oneTimeKeys.first)
        let account = OlmAccount()
        var interop = OlmInterop(
            ours: account.createOutboundSession(identityKey: theirAccount.curve25519, oneTimeKey: oneTimeKey.value),
            theirs: "")
        interop.weSend([bytes("first"), bytes("second")])
        #expect(interop.toThem.allSatisfy { $0.message.type == 0 })
        let inbound = try #require(try await theyAccept(interop.toThem[1].message, on: theirAccount.pickle, from: account.curve25519Key))
        #expect(inbound.plaintext == bytes("second"))
        #expect(inbound.sessionID == interop.ours.sessionID)
        #expect(inbound.oneTimeKeys[oneTimeKey.key] == nil && inbound.oneTimeKeys.count == 2, "the one-time key used is gone")
        #expect(try await theyMatch(inbound.session, interop.toThem[0].message))
        interop.theirs = inbound.session
        #expect(try await interop.theyReceive([interop.toThem[0]]) == [bytes("first")])
        interop.toThem = []
        // Their account refuses a second session from the same one-time key.
        #expect(try await theyAccept(interop.ours.encrypt(bytes("again")), on: inbound.account, from: account.curve25519Key) == nil)
        return interop
    }

    /// Their session from our one-time key, our side set up from their last pre-key message.
    private func theyStart() async throws -> OlmInterop {
        var account = OlmAccount()
        account.generateOneTimeKeys(4)
        let (keyID, oneTimeKey) = try #require(account.unpublishedOneTimeKeys.min { $0.key < $1.key })
        let outbound = try await theyStart(with: account, oneTimeKey: oneTimeKey, sending: [bytes("one"), bytes("two"), bytes("three")])
        #expect(outbound.messages.map(\.type) == [0, 0, 0])
        guard case .preKey(let body) = outbound.messages[2] else { throw PythonOracle.Failure(description: "not pre-key") }
        let (session, plaintext) = try account.createInboundSession(senderKey: outbound.curve25519, preKeyMessage: body)
        #expect(plaintext == bytes("three"))
        #expect(session.sessionID == outbound.sessionID)
        #expect(account.unpublishedOneTimeKeys[keyID] == nil && account.unpublishedOneTimeKeys.count == 3)
        #expect(throws: MatrixCryptoError.unknownOneTimeKey) {
            try account.createInboundSession(senderKey: outbound.curve25519, preKeyMessage: body)
        }
        guard case .preKey(let first) = outbound.messages[0] else { throw PythonOracle.Failure(description: "not pre-key") }
        #expect(session.matches(preKeyMessage: first, senderKey: outbound.curve25519))
        #expect(!session.matches(preKeyMessage: first, senderKey: account.curve25519Key))
        let other = try await theyStart(with: account, oneTimeKey: account.unpublishedOneTimeKeys.values.first!, sending: [bytes("x")])
        guard case .preKey(let otherBody) = other.messages[0] else { throw PythonOracle.Failure(description: "not pre-key") }
        #expect(!session.matches(preKeyMessage: otherBody, senderKey: other.curve25519))

        var interop = OlmInterop(ours: session, theirs: outbound.session)
        #expect(interop.weReceive([outbound.messages[1], outbound.messages[0]].map { InFlightOlmMessage(plaintext: Data(), message: $0) })
            == [bytes("two"), bytes("one")])
        interop.weSend([bytes("reply")])
        #expect(interop.toThem[0].message.type == 1, "the recipient has heard from the sender already")
        return interop
    }

    @Test(arguments: [1, 2] as [UInt64])
    func swiftStartedConversationsAgree(seed: UInt64) async throws {
        var interop = try await weStart()
        try await converse(&interop, ourFirstMessagesArePreKey: true, seed: seed)
    }

    @Test(arguments: [3, 4] as [UInt64])
    func vodozemacStartedConversationsAgree(seed: UInt64) async throws {
        var interop = try await theyStart()
        try await converse(&interop, ourFirstMessagesArePreKey: false, seed: seed)
    }

    /// Random batches from random sides, each delivery a random order of what is in flight with
    /// some messages held back for one more delivery: out of order within chains and across
    /// ratchet steps. Everything must decrypt once, and nothing twice.
    private func converse(_ interop: inout OlmInterop, ourFirstMessagesArePreKey: Bool, seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        let rounds = 25
        var weHaveReceived = !ourFirstMessagesArePreKey
        var heldForUs: [InFlightOlmMessage] = [], heldForThem: [InFlightOlmMessage] = []
        var delivered: [InFlightOlmMessage] = [], deliveredToThem: [InFlightOlmMessage] = []
        for round in 0..<rounds {
            let batch = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Data.randomPlaintext(using: &generator) }
            if Bool.random(using: &generator) {
                interop.weSend(batch)
                #expect(interop.toThem.suffix(batch.count).allSatisfy { $0.message.type == (weHaveReceived ? 1 : 0) })
            } else {
                try await interop.theySend(batch)
            }
            let isLast = round == rounds - 1
            if Bool.random(using: &generator) || isLast {
                let (now, held) = split(heldForUs, interop.toUs, holdingBack: !isLast, using: &generator)
                interop.toUs = []
                heldForUs = held
                #expect(interop.weReceive(now) == now.map(\.plaintext), "round \(round)")
                weHaveReceived = weHaveReceived || !now.isEmpty
                delivered += now
            }
            if Bool.random(using: &generator) || isLast {
                let (now, held) = split(heldForThem, interop.toThem, holdingBack: !isLast, using: &generator)
                interop.toThem = []
                heldForThem = held
                #expect(try await interop.theyReceive(now) == now.map(\.plaintext), "round \(round)")
                deliveredToThem += now
            }
        }
        #expect(heldForUs.isEmpty && heldForThem.isEmpty && interop.toUs.isEmpty && interop.toThem.isEmpty)
        let replays = Array(delivered.shuffled(using: &generator).prefix(3))
        #expect(interop.weReceive(replays) == replays.map { _ in nil })
        let theirReplays = Array(deliveredToThem.shuffled(using: &generator).prefix(3))
        #expect(try await interop.theyReceive(theirReplays) == theirReplays.map { _ in nil })
        // Both sessions still work after refusing the replays.
        interop.weSend([bytes("still here")])
        try await interop.theySend([bytes("me too")])
        #expect(try await interop.theyReceive(interop.toThem) == [bytes("still here")])
        #expect(interop.weReceive(interop.toUs) == [bytes("me too")])
    }

    /// What was held last time, and a random order of the new messages minus up to two held
    /// back for next time.
    private func split(_ held: [InFlightOlmMessage], _ new: [InFlightOlmMessage], holdingBack: Bool,
                       using generator: inout SeededGenerator) -> (now: [InFlightOlmMessage], held: [InFlightOlmMessage])
    {
        let shuffled = new.shuffled(using: &generator)
        let holdCount = holdingBack ? min(shuffled.count, Int.random(in: 0...2, using: &generator)) : 0
        let now = (held + shuffled.dropFirst(holdCount)).shuffled(using: &generator)
        return (now, Array(shuffled.prefix(holdCount)))
    }

    /// Only the last 40 skipped keys of a chain are kept, a gap over 2000 is refused, and a key
    /// is used once: our side receiving vodozemac's messages.
    @Test func swiftRefusesWhatVodozemacWouldRefuse() async throws {
        var interop = try await theyStart()
        // Our answer makes their next messages start a new chain at index 0.
        #expect(try await interop.theyReceive(interop.toThem) == [bytes("reply")])
        try await interop.theySend((0..<2003).map { bytes("m\($0)") })
        let messages = interop.toUs.map(\.message)
        let (ratchetKey, firstIndex) = messages[0].ratchetKeyAndIndex
        #expect(firstIndex == 0 && messages.allSatisfy { $0.ratchetKeyAndIndex.0 == ratchetKey })
        #expect(throws: MatrixCryptoError.messageGapTooLarge) { try interop.ours.decrypt(messages[2001]) }
        #expect(try interop.ours.decrypt(messages[2000]) == bytes("m2000"), "a gap of exactly 2000 is allowed")
        #expect(throws: MatrixCryptoError.missingMessageKey) { try interop.ours.decrypt(messages[1959]) }
        #expect(try interop.ours.decrypt(messages[1960]) == bytes("m1960"), "the last 40 skipped keys are kept")
        #expect(throws: MatrixCryptoError.missingMessageKey) { try interop.ours.decrypt(messages[1960]) }
        #expect(throws: MatrixCryptoError.missingMessageKey) { try interop.ours.decrypt(messages[2000]) }
        #expect(try interop.ours.decrypt(messages[2002]) == bytes("m2002"))
        #expect(try interop.ours.decrypt(messages[1999]) == bytes("m1999"))
    }

    /// The same bounds on vodozemac's side, receiving our messages.
    @Test func vodozemacRefusesWhatSwiftWouldRefuse() async throws {
        var interop = try await weStart()
        // Their answer makes our next messages start a new chain at index 0.
        try await interop.theySend([bytes("answer")])
        #expect(interop.weReceive(interop.toUs) == [bytes("answer")])
        interop.weSend((0..<2003).map { bytes("m\($0)") })
        let sent = interop.toThem
        let order = [2001, 2000, 1959, 1960, 1960, 2000, 2002, 1999]
        let expected: [Data?] = [nil, bytes("m2000"), nil, bytes("m1960"), nil, nil, bytes("m2002"), bytes("m1999")]
        #expect(try await interop.theyReceive(order.map { sent[$0] }) == expected)
    }

    /// A fallback key sets up any number of sessions, both ways, and stays in the account.
    @Test func fallbackKeysStartSessionsBothWays() async throws {
        var account = OlmAccount()
        account.generateFallbackKey()
        let fallback = try #require(account.unpublishedFallbackKey)
        #expect(fallback.keyID == "AAAAAAAAAAA")
        for attempt in 0..<2 {
            let outbound = try await theyStart(with: account, oneTimeKey: fallback.key, sending: [bytes("hi \(attempt)")])
            guard case .preKey(let body) = outbound.messages[0] else { throw PythonOracle.Failure(description: "not pre-key") }
            let (session, plaintext) = try account.createInboundSession(senderKey: outbound.curve25519, preKeyMessage: body)
            #expect(plaintext == bytes("hi \(attempt)") && session.sessionID == outbound.sessionID)
        }

        let theirAccount = try await TheirAccount(oneTimeKeys: 0, fallbackKey: true)
        let theirFallback = try #require(theirAccount.fallbackKey)
        var pickle = theirAccount.pickle
        for attempt in 0..<2 {
            let ourAccount = OlmAccount()
            var session = ourAccount.createOutboundSession(identityKey: theirAccount.curve25519, oneTimeKey: theirFallback)
            let message = session.encrypt(bytes("hello \(attempt)"))
            let inbound = try #require(try await theyAccept(message, on: pickle, from: ourAccount.curve25519Key))
            #expect(inbound.plaintext == bytes("hello \(attempt)") && inbound.sessionID == session.sessionID)
            pickle = inbound.account
        }
    }
}
