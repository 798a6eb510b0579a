import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Two or more crypto machines over `MemoryKeysServer`: keys published, claimed and shared over
/// Olm, room messages encrypted and decrypted, kept across restarts, rotated.
@Suite struct CryptoMachineTests {
    let directory = TemporaryDirectory()
    let server = MemoryKeysServer()
    let roomID = "!room:hs"
    let settings = RoomEncryption()

    /// One device: its machine on its own store, and the server's queue of its to-device messages.
    struct Device {
        let machine: CryptoMachine
        let store: StoreWriter
        let address: DeviceAddress
        let server: MemoryKeysServer

        /// A sync that brings the device's to-device messages and `timeline` in the room; stored
        /// the way the sync loop stores it. Returns the stored result and the sessions that came.
        func sync(_ timeline: [SyncEvent] = [], in roomID: String) async throws -> (SyncResult, Set<String>) {
            var response = SyncResponse(nextBatch: "s")
            response.encryption.toDeviceEvents = await server.takeInbox(of: address)
            response.rooms.joined[roomID] = SyncResponse.JoinedRoom(timeline: SyncResponse.Timeline(events: timeline))
            let (decrypted, sessions) = await machine.receive(response)
            return (try await store.apply(decrypted, userID: address.userID), sessions)
        }

        /// A sync that brings only these to-device messages (held back from an earlier one);
        /// returns the sessions that came.
        func receive(toDevice events: [SyncEvent]) async throws -> Set<String> {
            var response = SyncResponse(nextBatch: "s")
            response.encryption.toDeviceEvents = events
            let (decrypted, sessions) = await machine.receive(response)
            try await store.apply(decrypted, userID: address.userID)
            return sessions
        }
    }

    /// A device with its keys published; with `restarting`, that device's machine started again on its store.
    func device(_ userID: String, _ deviceID: String, cipherKey: Data = Data(repeating: 7, count: 32),
                restarting previous: Device? = nil) async throws -> Device {
        let store = try previous?.store ?? StoreWriter(url: directory.url.appending(path: "\(userID)-\(deviceID)/store.sqlite"))
        let machine = try await CryptoMachine(userID: userID, deviceID: deviceID, store: store,
                                              keys: server.service(userID: userID, deviceID: deviceID), cipher: PickleCipher(key: cipherKey))
        try await machine.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
        return Device(machine: machine, store: store, address: DeviceAddress(userID: userID, deviceID: deviceID), server: server)
    }

    func message(_ body: String, from sender: Device, id: String) async throws -> SyncEvent {
        let content = try await sender.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": .string(body)],
                                                       roomID: roomID, settings: settings)
        return SyncEvent(type: "m.room.encrypted", eventID: id, sender: sender.address.userID, originServerTS: 1,
                         content: content)
    }

    @Test func messagesTravelBothWaysOnceKeysAreShared() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)

        let hello = try await message("hello bob", from: alice, id: "$1")
        let (result, sessions) = try await bob.sync([hello], in: roomID)
        #expect(result.messages.map(\.body) == ["hello bob"])
        #expect(result.messages.first?.senderKey == (await alice.machine.identityKeys.curve25519))
        #expect(result.messages.first?.decryptionFailure == nil)
        #expect(sessions.count == 1)

        let reply = try await message("hi alice", from: bob, id: "$2")
        let (answer, _) = try await alice.sync([hello, reply], in: roomID)
        // Alice reads her own message too, with the copy of her session she kept.
        #expect(answer.messages.map(\.body) == ["hello bob", "hi alice"])
    }

    @Test func aMessageWhoseKeyComesLaterIsShownUnreadableThenDecrypted() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let early = try await message("early", from: alice, id: "$1")
        let keyMessages = await server.takeInbox(of: bob.address)

        let (first, _) = try await bob.sync([early], in: roomID)
        #expect(first.messages.first?.decryptionFailure == .missingKey)
        #expect(first.messages.first?.body == "")

        // The key arrives with a later sync: the stored message is decrypted where it stands.
        let sessions = try await bob.receive(toDevice: keyMessages)
        let late = try #require(await bob.machine.retryUndecrypted(sessionIDs: sessions))
        #expect(late.changedMessages.map(\.body) == ["early"])
        #expect(late.changedMessages.first?.decryptionFailure == nil)
        #expect(try await bob.store.undecryptedEvents(sessionIDs: sessions).isEmpty)
    }

    /// As Element X tells it ("You don't have access to this message"): the server marks what
    /// came before one joined (`unsigned.membership`, MSC4115), and its key was never sent here.
    @Test func aMessageSentBeforeJoiningSaysSoAndIsStillDecryptedIfItsKeyComes() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        var before = try await message("before you came", from: alice, id: "$before")
        before.unsigned = ["membership": "leave"]
        var after = try await message("after", from: alice, id: "$after")
        after.unsigned = ["membership": "join"]
        let keyMessages = await server.takeInbox(of: bob.address)

        let (first, _) = try await bob.sync([before, after], in: roomID)
        #expect(first.messages.map(\.decryptionFailure) == [.sentBeforeJoined, .missingKey])

        // Shared history or a backup may bring it yet: it is kept, and read when it does.
        let sessions = try await bob.receive(toDevice: keyMessages)
        let late = try #require(await bob.machine.retryUndecrypted(sessionIDs: sessions))
        #expect(Set(late.changedMessages.map(\.body)) == ["before you came", "after"])
    }

    @Test func stateSurvivesARestartAndIsSealedInTheStore() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let first = try await message("before restart", from: alice, id: "$1")
        _ = try await bob.sync([first], in: roomID)

        // Both restart from their stores: same identity, same sessions.
        let aliceAgain = Device(machine: try await CryptoMachine(userID: "@alice:hs", deviceID: "A1", store: alice.store,
                                                                keys: server.service(userID: "@alice:hs", deviceID: "A1"),
                                                                cipher: PickleCipher(key: Data(repeating: 7, count: 32))),
                                store: alice.store, address: alice.address, server: server)
        #expect(await aliceAgain.machine.identityKeys == alice.machine.identityKeys)
        let bobAgain = Device(machine: try await CryptoMachine(userID: "@bob:hs", deviceID: "B1", store: bob.store,
                                                              keys: server.service(userID: "@bob:hs", deviceID: "B1"),
                                                              cipher: PickleCipher(key: Data(repeating: 7, count: 32))),
                              store: bob.store, address: bob.address, server: server)
        let second = try await message("after restart", from: aliceAgain, id: "$2")
        let history = await bobAgain.machine.decrypt([first, second], in: roomID)
        #expect(history.map { $0.content["body"]?.string } == ["before restart", "after restart"])
        // The same session carried on: no new key had to be shared.
        #expect(await server.takeInbox(of: bob.address).isEmpty)

        // With another key the sealed state does not open.
        await #expect(throws: MatrixCryptoError.badMAC) {
            _ = try await CryptoMachine(userID: "@alice:hs", deviceID: "A1", store: alice.store,
                                        keys: server.service(userID: "@alice:hs", deviceID: "A1"),
                                        cipher: PickleCipher(key: Data(repeating: 8, count: 32)))
        }
    }

    @Test func sessionsRotateByCountAndWhenADeviceGoes() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        let bobPhone = try await device("@bob:hs", "B2")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let rotating = RoomEncryption(rotationPeriodMessages: 2)
        func sessionID(of body: String) async throws -> String {
            let content = try await alice.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": .string(body)],
                                                          roomID: roomID, settings: rotating)
            guard case .object(let members) = content, case .string(let id)? = members["session_id"] else { return "" }
            return id
        }
        let first = try await sessionID(of: "1")
        #expect(try await sessionID(of: "2") == first)
        let third = try await sessionID(of: "3")
        #expect(third != first)
        // Both of bob's devices got both keys.
        #expect(await server.takeInbox(of: bob.address).count == 2)
        #expect(await server.takeInbox(of: bobPhone.address).count == 2)

        // Bob's phone is deleted: the next message needs a session the phone never had.
        await server.delete(bobPhone.address)
        try await alice.store.updateTracking(changed: ["@bob:hs"], left: [])
        #expect(try await sessionID(of: "4") != third)
        #expect(await server.takeInbox(of: bobPhone.address).isEmpty)
    }

    @Test func oneTimeKeysAreToppedUpAndTheFallbackKeyServesWhenTheyRunOut() async throws {
        let alice = try await device("@alice:hs", "A1")
        #expect(await server.oneTimeKeyCount(of: alice.address) == OlmAccount.maxPublishedOneTimeKeys / 2)
        try await alice.machine.publishKeys(oneTimeKeyCounts: [CryptoAlgorithm.signedCurve25519: 20],
                                            unusedFallbackKeyTypes: [CryptoAlgorithm.signedCurve25519])
        #expect(await server.oneTimeKeyCount(of: alice.address) == OlmAccount.maxPublishedOneTimeKeys / 2 + 5)

        // Others claimed every one-time key: bob's session starts on the fallback key.
        await server.drainOneTimeKeys(of: alice.address)
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let hello = try await message("on the fallback key", from: bob, id: "$1")
        let (result, _) = try await alice.sync([hello], in: roomID)
        #expect(result.messages.map(\.body) == ["on the fallback key"])
    }

    @Test func aDeviceNoSessionCanBeMadeWithIsToldItsKeyWasWithheld() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.drainOneTimeKeys(of: bob.address)
        await server.drainFallbackKey(of: bob.address)
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let hello = try await message("unreadable", from: alice, id: "$1")
        let inbox = await server.takeInbox(of: bob.address)
        #expect(inbox.map(\.type) == ["m.room_key.withheld"])
        _ = try await bob.receive(toDevice: inbox)
        let (result, _) = try await bob.sync([hello], in: roomID)
        #expect(result.messages.map(\.decryptionFailure) == [.withheldNoOlm], "the message says why it cannot be read")
    }

    @Test func toDeviceMessagesThatLieAboutTheirSenderAreRefused() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        _ = try await message("x", from: alice, id: "$1")
        var forged = await server.takeInbox(of: bob.address)
        forged[0].sender = "@mallory:hs"
        var response = SyncResponse(nextBatch: "s")
        response.encryption.toDeviceEvents = forged
        let (_, sessions) = await bob.machine.receive(response)
        #expect(sessions.isEmpty)
    }

    @Test func verificationMessagesSentOverOlmAreReadInTheirPlace() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        let bobDevice = try #require(try await alice.machine.devices(of: "@bob:hs").first)
        let request: JSONValue = ["from_device": "A1", "methods": ["m.sas.v1"], "timestamp": 1, "transaction_id": "t1"]
        try await alice.machine.sendEncrypted(type: "m.key.verification.request", content: request, to: bobDevice)
        let clear = SyncEvent(type: "m.key.verification.cancel", sender: "@alice:hs", content: ["transaction_id": "t0", "code": "m.user"])
        var response = SyncResponse(nextBatch: "s")
        response.encryption.toDeviceEvents = [clear] + (await server.takeInbox(of: bob.address))
        let (decrypted, _) = await bob.machine.receive(response)
        #expect(decrypted.encryption.toDeviceEvents == [clear, SyncEvent(type: "m.key.verification.request", sender: "@alice:hs", content: request)])

        // A room key is not a verification message: it stays as it came.
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        _ = try await message("x", from: alice, id: "$1")
        response.encryption.toDeviceEvents = await server.takeInbox(of: bob.address)
        #expect(await bob.machine.receive(response).response.encryption.toDeviceEvents.map(\.type) == ["m.room.encrypted"])
    }

    @Test func aNewDeviceGetsMissingKeysFromAVerifiedDeviceOfItsUser() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let old = try await message("before the new device", from: bob, id: "$1")
        _ = try await alice.sync([old], in: roomID)

        let laptop = try await device("@alice:hs", "A2")
        let (unreadable, _) = try await laptop.sync([old], in: roomID)
        #expect(unreadable.messages.first?.decryptionFailure == .missingKey)
        await laptop.machine.requestMissingKeys()

        // Not yet verified on the first device: the request is ignored.
        _ = try await alice.sync(in: roomID)
        #expect(await server.takeInbox(of: laptop.address).allSatisfy { $0.type == "m.room_key_request" })
        await laptop.machine.requestMissingKeys()
        #expect(await server.takeInbox(of: alice.address).isEmpty, "each session is asked for once a run")

        #expect(try await alice.machine.devices(of: "@alice:hs").map(\.deviceID) == ["A1", "A2"])
        #expect(await alice.machine.setVerified(true, userID: "@alice:hs", deviceID: "A2"))
        // The next run asks again when it meets the message (here in history); now the key comes.
        let again = try await device("@alice:hs", "A2", restarting: laptop)
        _ = await again.machine.decrypt([old], in: roomID)
        await again.machine.requestMissingKeys()
        _ = try await alice.sync(in: roomID)
        let (_, forwarded) = try await again.sync([], in: roomID)
        #expect(forwarded.count == 1)
        let late = try #require(await again.machine.retryUndecrypted(sessionIDs: forwarded))
        #expect(late.changedMessages.map(\.body) == ["before the new device"])
    }

    @Test func aMemberWhoJoinsGetsTheCurrentKeyAndOneWhoLeavesEndsTheSession() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        let carol = try await device("@carol:hs", "C1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        func membership(_ userID: String, _ membership: String) -> SyncEvent {
            SyncEvent(type: "m.room.member", eventID: "$m\(userID)\(membership)", sender: userID, stateKey: userID, originServerTS: 1,
                      content: ["membership": .string(membership)])
        }
        let first = try await message("one", from: alice, id: "$1")

        await server.setMembers(["@alice:hs", "@bob:hs", "@carol:hs"], of: roomID)
        _ = try await alice.sync([membership("@carol:hs", "join")], in: roomID)
        let second = try await message("two", from: alice, id: "$2")
        #expect(second.content["session_id"] == first.content["session_id"], "a newcomer gets the current session")
        let (seen, _) = try await carol.sync([second], in: roomID)
        #expect(seen.messages.map(\.body) == ["two"])

        await server.setMembers(["@alice:hs", "@carol:hs"], of: roomID)
        _ = try await alice.sync([membership("@bob:hs", "leave")], in: roomID)
        _ = await server.takeInbox(of: bob.address)
        let third = try await message("three", from: alice, id: "$3")
        #expect(third.content["session_id"] != first.content["session_id"], "who left must not read on")
        #expect(await server.takeInbox(of: bob.address).isEmpty)
        let (later, _) = try await carol.sync([third], in: roomID)
        #expect(later.messages.map(\.body) == ["three"])
    }

    /// Both sides start an Olm session with each other before either has heard from the other:
    /// each then holds two sessions, and every message still finds the right one.
    @Test func sessionsStartedAtTheSameTimeOnBothSidesBothWork() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let fromAlice = try await message("from alice", from: alice, id: "$1")
        let fromBob = try await message("from bob", from: bob, id: "$2")
        let (bobSees, _) = try await bob.sync([fromAlice, fromBob], in: roomID)
        let (aliceSees, _) = try await alice.sync([fromAlice, fromBob], in: roomID)
        #expect(bobSees.messages.map(\.body) == ["from alice", "from bob"])
        #expect(aliceSees.messages.map(\.body) == ["from alice", "from bob"])

        // A second round over the sessions both now hold: new room keys (rotation) over Olm again.
        let rotating = RoomEncryption(rotationPeriodMessages: 1)
        for round in 0..<3 {
            let content = try await alice.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": .string("a\(round)")],
                                                          roomID: roomID, settings: rotating)
            let event = SyncEvent(type: "m.room.encrypted", eventID: "$a\(round)", sender: "@alice:hs", originServerTS: 1,
                                  content: content)
            let reply = try await bob.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": .string("b\(round)")],
                                                      roomID: roomID, settings: rotating)
            let answer = SyncEvent(type: "m.room.encrypted", eventID: "$b\(round)", sender: "@bob:hs", originServerTS: 1,
                                   content: reply)
            let (bobRound, _) = try await bob.sync([event], in: roomID)
            let (aliceRound, _) = try await alice.sync([answer], in: roomID)
            #expect(bobRound.messages.map(\.body) == ["a\(round)"])
            #expect(aliceRound.messages.map(\.body) == ["b\(round)"])
        }
    }

    /// After a sign-out that removed the device, the next login is a new device on the same
    /// store: it gets a new identity, yet the room keys the old device received still open history.
    @Test func aNewDeviceOnTheSameStoreKeepsTheRoomKeysButNotTheOldIdentity() async throws {
        let alice = try await device("@alice:hs", "A1")
        let bob = try await device("@bob:hs", "B1")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: roomID)
        let old = try await message("before the sign-out", from: alice, id: "$1")
        _ = try await bob.sync([old], in: roomID)
        _ = try await message("a reply", from: bob, id: "$2")

        let successor = try await CryptoMachine(userID: "@bob:hs", deviceID: "B2", store: bob.store,
                                                keys: server.service(userID: "@bob:hs", deviceID: "B2"),
                                                cipher: PickleCipher(key: Data(repeating: 7, count: 32)))
        #expect(await successor.identityKeys != bob.machine.identityKeys)
        #expect(await successor.decrypt([old], in: roomID).first?.content["body"]?.string == "before the sign-out")
        #expect(try await bob.store.outdatedUsers() == ["@alice:hs", "@bob:hs"], "every followed user's devices are fetched again")
    }
}
