import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Encrypted messages through the app: shown unreadable with why, shown again once decrypted,
/// marked by what is known of the sender's device, paged in by `/history` and decrypted there.
@MainActor
@Suite struct AppStateEncryptedTimelineTests {
    typealias Messaging = AppStateMessagingTests
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))

    /// An `m.room.encrypted` event as the server has it, of a Megolm session nobody here has.
    static func encrypted(_ eventID: String, session: String, at time: Int64) -> SyncEvent {
        SyncEvent(type: "m.room.encrypted", eventID: eventID, sender: "@bob:hs", originServerTS: time,
                  content: ["algorithm": .string(CryptoAlgorithm.megolm), "session_id": .string(session), "ciphertext": "AAAA", "sender_key": "bobkey"])
    }

    /// The lobby, encrypted, with a message whose key has not arrived (as decryption leaves it).
    static var encryptedLobby: SyncResponse {
        var response = Messaging.lobby
        var unreadable = encrypted("$late", session: "S1", at: 2_000)
        unreadable.encryption = EventEncryption(senderKey: "bobkey", sessionID: "S1", failure: .missingKey)
        response.rooms.joined["!lobby:hs"]?.state.append(SyncEvent(type: "m.room.encryption", sender: "@bob:hs", stateKey: "",
                                                                   content: ["algorithm": .string(CryptoAlgorithm.megolm)]))
        response.rooms.joined["!lobby:hs"]?.timeline.events.append(unreadable)
        return response
    }

    func text(_ report: Report?) -> [String] {
        L10n.$languageOverride.withValue("en") { report.map(renderer.lines(for:)) ?? [] }
    }

    @Test func anUnreadableMessageIsShownAgainOnceItsKeyCame() async throws {
        let app = AppHarness(sync: Messaging.firstSync(Self.encryptedLobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        guard case .room(.opened(_, let messages, _, _))? = app.log.outcomes.last, let unreadable = messages.last else { Issue.record("not opened"); return }
        #expect(unreadable.encryption == .undecryptable(.missingKey))
        #expect(text(app.log.reports.last).last?.hasSuffix("🔒 Bob: Unable to decrypt: the key has not arrived yet (it is shown when it does)") == true)

        // Bob's device was verified meanwhile; then the key comes and the stored message is decrypted.
        let store = try #require(app.state.store)
        try await store.transaction { try DeviceRecord(userID: "@bob:hs", deviceID: "B1", curve25519: "bobkey", ed25519: "bobsigning", isVerified: true).insert($0) }
        var decrypted = SyncEvent(type: "m.room.message", eventID: "$late", sender: "@bob:hs", originServerTS: 2_000,
                                  content: ["msgtype": "m.text", "body": "the plan"], roomID: "!lobby:hs")
        decrypted.encryption = EventEncryption(senderKey: "bobkey", sessionID: "S1")
        await app.state.apply(.synced(try await store.applyDecrypted(SyncBatch(decrypted: [decrypted]), eventIDs: ["$late"])))

        let changed = app.log.reports.last { if case .messageChanged = $0.content { true } else { false } }
        guard case .messageChanged(let view)? = changed?.content else { Issue.record("not shown again"); return }
        #expect(view.body == "the plan")
        #expect(view.encryption == .trusted, "the verification read after the sync counts")
        #expect(view.reference == unreadable.reference, "under the number it was shown with")
        #expect(text(changed).first?.hasSuffix("🔒 Bob: the plan") == true)
        #expect(app.state.timelines["!lobby:hs"]?.messages.last?.body == "the plan")
    }

    @Test func ourPendingMessageInAnEncryptedRoomIsLockedAlready() async throws {
        let app = AppHarness(sync: Messaging.firstSync(Self.encryptedLobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "hello")
        guard case .message(.queued(let pending))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(pending.encryption == .trusted, "the queue encrypts it on this device")
    }

    @Test func searchingAnEncryptedRoomSaysTheServerCannotReadIt() async throws {
        let app = AppHarness(sync: Messaging.firstSync(Self.encryptedLobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "/search plan")
        guard case .room(.searchResults(let hits, let encryptedNotSearched))? = app.log.outcomes.last else { Issue.record("no results"); return }
        #expect(hits.isEmpty && encryptedNotSearched)
        #expect(text(app.log.reports.last) == ["Nothing found.", "Encrypted messages cannot be searched: the server cannot read them."])
    }

    /// What the fake server pages back, set once Bob has written it.
    actor Page {
        var events: [SyncEvent] = []
        func set(_ events: [SyncEvent]) { self.events = events }
    }

    @Test func olderPagesAreDecryptedAndWhatWaitsForAKeyIsKept() async throws {
        let server = MemoryKeysServer()
        await server.setMembers(["@alice:example", "@bob:hs"], of: "!lobby:hs")
        let bobDirectory = TemporaryDirectory()
        let bobStore = try StoreWriter(url: bobDirectory.url.appending(path: "store.sqlite"))
        let bob = try await CryptoMachine(userID: "@bob:hs", deviceID: "B1", store: bobStore, keys: server.service(userID: "@bob:hs", deviceID: "B1"),
                                          cipher: PickleCipher(key: Data(repeating: 2, count: 32)))
        try await bob.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
        let page = Page()
        var rooms = FakeRoomService()
        rooms.older = { _, _, _ throws(MatrixError) in OlderEvents(events: await page.events, next: nil) }
        let app = AppHarness(sync: Messaging.firstSync(Self.encryptedLobby), roomService: rooms) { session, store in
            let machine = try? await CryptoMachine(userID: session.userID, deviceID: "DEVICE", store: store,
                                                   keys: server.service(userID: session.userID, deviceID: "DEVICE"),
                                                   cipher: PickleCipher(key: Data(repeating: 1, count: 32)))
            try? await machine?.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
            return machine
        }
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }

        // Bob wrote before Alice looked back: his device shares the room key with hers over Olm.
        let content = try await bob.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": "from the past"],
                                            roomID: "!lobby:hs", settings: RoomEncryption())
        let old = SyncEvent(type: "m.room.encrypted", eventID: "$old", sender: "@bob:hs", originServerTS: 400,
                            content: content)
        var keys = SyncResponse(nextBatch: "keys")
        keys.encryption.toDeviceEvents = await server.takeInbox(of: DeviceAddress(userID: "@alice:example", deviceID: "DEVICE"))
        _ = try await #require(app.state.crypto).receive(keys)
        await page.set([Self.encrypted("$lost", session: "S9", at: 500), old])

        // The store holds less than a screenful: /open looks back first.
        await app.state.run(line: "/open Lobby")
        guard case .room(.opened(_, let shown, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        let messages = shown.filter { ["$old", "$lost"].contains($0.eventID) }
        #expect(messages.map(\.body) == ["from the past", ""])
        #expect(messages.map(\.encryption) == [.unsignedDevice, .undecryptable(.missingKey)])
        let lines = text(app.log.reports.last)
        #expect(lines.contains { $0.hasSuffix("🔒⚠ Bob: from the past") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("🔒 Bob: Unable to decrypt: the key has not arrived yet (it is shown when it does)") })
        let store = try #require(app.state.store)
        #expect(try await store.undecryptedEvents(sessionIDs: ["S9"]).map(\.eventID) == ["$lost"], "kept to be decrypted when its key comes")
    }
}
