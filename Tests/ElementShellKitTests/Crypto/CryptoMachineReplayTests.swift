import Foundation
import MatrixCrypto
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Megolm replays: a server sends an old ciphertext again under another event ID or timestamp.
/// The same event decrypts any number of times; another event with its message index is refused.
extension CryptoMachineTests {
    /// `event` as a server would replay it: the same content under another ID and time.
    func replay(of event: SyncEvent, id: String, at time: Int64) -> SyncEvent {
        var replayed = event
        replayed.eventID = id
        replayed.originServerTS = time
        return replayed
    }

    /// Alice and Bob, both in the room.
    func aliceAndBob() async throws -> (alice: Device, bob: Device) {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        return (alice, bob)
    }

    @Test func theSameEventDecryptsAgainButAReplayUnderAnotherIDIsRefused() async throws {
        let (alice, bob) = try await aliceAndBob()
        let hello = try await message("hello bob", from: alice, id: "$1")
        _ = try await bob.sync([hello], in: roomID)
        // Again, as a history page or a second sync of the same timeline brings it.
        #expect(await bob.machine.decrypt([hello], in: roomID).map { $0.content["body"]?.string } == ["hello bob"])

        let (replayed, _) = try await bob.sync([replay(of: hello, id: "$2", at: 2)], in: roomID)
        #expect(replayed.messages.map(\.decryptionFailure) == [.replayed])
        #expect(replayed.messages.map(\.body) == [""])
        #expect(replayed.messages.first?.senderKey == (await alice.machine.identityKeys.curve25519))
        #expect(try await bob.store.undecryptedEvents(sessionIDs: [hello.content["session_id"]?.string ?? ""]).isEmpty,
                "a replay stays refused: no key can change that")
        let sameIDLaterTime = await bob.machine.decrypt([replay(of: hello, id: "$1", at: 3)], in: roomID)
        #expect(sameIDLaterTime.first?.encryption?.failure == .replayed)
        #expect(await bob.machine.decrypt([hello], in: roomID).first?.content["body"]?.string == "hello bob", "the original still reads")
    }

    @Test func aReplayInTheSameBatchAsItsOriginalIsRefused() async throws {
        let (alice, bob) = try await aliceAndBob()
        let hello = try await message("hello bob", from: alice, id: "$1")
        let next = try await message("and more", from: alice, id: "$2")
        let (result, _) = try await bob.sync([hello, next, replay(of: hello, id: "$3", at: 3)], in: roomID)
        #expect(result.messages.map(\.body) == ["hello bob", "and more", ""])
        #expect(result.messages.map(\.decryptionFailure) == [nil, nil, .replayed])
    }

    @Test func theIndexesSurviveAReopenedStoreAndTheRefusalIsLoggedWithIDsOnly() async throws {
        let (alice, bob) = try await aliceAndBob()
        let hello = try await message("hello bob", from: alice, id: "$1")
        _ = try await bob.sync([hello], in: roomID)

        let log = RecordingLogHandler()
        let reopened = try StoreWriter(url: bob.store.url)
        let restarted = try await CryptoMachine(userID: "@bob:hs", deviceID: "B1", store: reopened,
                                                keys: server.service(userID: "@bob:hs", deviceID: "B1"),
                                                cipher: PickleCipher(key: Data(repeating: 7, count: 32)), logger: log.logger)
        let events = await restarted.decrypt([hello, replay(of: hello, id: "$2", at: 2)], in: roomID)
        #expect(events.map { $0.content["body"]?.string } == ["hello bob", nil])
        #expect(events.map { $0.encryption?.failure } == [nil, .replayed])

        let warnings = log.lines.all.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        let fields = warnings.first?.metadata.mapValues { "\($0)" }
        #expect(fields?["room"] == roomID && fields?["index"] == "0")
        #expect(fields?["session"] == hello.content["session_id"]?.string)
        #expect(fields?["event"] == "$2" && fields?["first_event"] == "$1")
        #expect(fields?["timestamp"] == "2" && fields?["first_timestamp"] == "1")
        #expect(!log.lines.all.contains { "\($0.message) \($0.metadata)".contains("hello bob") }, "never the text")
    }

    @Test func aReplayThatWaitedForItsKeyIsShownAsReplayedWhenTheKeyComes() async throws {
        let (alice, bob) = try await aliceAndBob()
        let hello = try await message("hello bob", from: alice, id: "$1")
        let keyMessages = await server.takeInbox(of: bob.address)
        let (first, _) = try await bob.sync([hello, replay(of: hello, id: "$2", at: 2)], in: roomID)
        #expect(first.messages.map(\.decryptionFailure) == [.missingKey, .missingKey])

        let sessions = try await bob.receive(toDevice: keyMessages)
        let late = try #require(await bob.machine.retryUndecrypted(sessionIDs: sessions))
        let changed = late.changedMessages.sorted { $0.eventID < $1.eventID }
        #expect(changed.map(\.eventID) == ["$1", "$2"])
        #expect(changed.map(\.decryptionFailure) == [nil, .replayed])
        #expect(changed.map(\.body) == ["hello bob", ""])
        #expect(try await bob.store.undecryptedEvents(sessionIDs: sessions).isEmpty)
    }
}
