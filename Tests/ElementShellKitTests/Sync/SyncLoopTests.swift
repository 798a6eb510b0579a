import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SyncLoopTests {
    /// Answers requests from a script of results, recording the tokens asked with.
    final class ScriptedServer: Sendable {
        let answers: Recorder<String?>
        private let script: [Result<SyncResponse, MatrixError>]
        private let served = Counter()

        init(_ script: [Result<SyncResponse, MatrixError>]) {
            self.script = script
            answers = Recorder()
        }

        var request: SyncLoop.Request {
            { positions, _ throws(MatrixError) in
                await self.answers.append(positions.nextBatch)
                let index = await self.served.next()
                guard index < self.script.count else {
                    await suspendUntilCancelled()
                    throw .transport(.cancelled)
                }
                return try self.script[index].get()
            }
        }
    }

    actor Counter {
        var value = 0
        func next() -> Int { defer { value += 1 }; return value }
    }

    func joined(_ roomID: String, name: String) -> SyncResponse.Rooms {
        var room = SyncResponse.JoinedRoom()
        room.state = [SyncEvent(type: "m.room.name", sender: "@b:hs", stateKey: "", content: .object(["name": .string(name)]))]
        return .init(joined: [roomID: room])
    }

    @Test func eachResponseIsCommittedWithItsTokenBeforeTheAppHearsOfIt() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let server = ScriptedServer([
            .success(SyncResponse(nextBatch: "s1", rooms: joined("!a", name: "A"))),
            .failure(.transport(.cannotConnect("hs"))),
            .success(SyncResponse(nextBatch: "s2", rooms: joined("!b", name: "B"))),
        ])
        let events = Recorder<ClientEvent>()
        // The retry delay after the failure is no part of this test.
        let loop = SyncLoop(request: server.request, store: store, userID: "@me:hs", clock: ImmediateClock()) { event in
            // What the app hears is already in the store.
            if case .synced(let result) = event {
                let stored = Set(try! await store.rooms().map(\.roomID))
                #expect(Set(result.rooms.map(\.roomID)).isSubset(of: stored))
            }
            await events.append(event)
        }
        let task = Task { await loop.run() }
        try await events.wait(forCount: 3)
        task.cancel()

        let seen = await events.values
        #expect(seen.first == .synced(SyncResult(rooms: [RoomRecord(roomID: "!a", membership: .join, name: "A")], messages: [])))
        guard case .syncFailed(.transport(.cannotConnect("hs")), _) = seen[1] else { Issue.record("no failure: \(seen)"); return }
        #expect(seen[2] == .synced(SyncResult(rooms: [RoomRecord(roomID: "!b", membership: .join, name: "B")], messages: [])))
        #expect(try await store.syncPositions().nextBatch == "s2")
        #expect(await server.answers.values.prefix(3) == [nil, "s1", "s1"], "a failed request is retried from the same token")
    }

    @Test(arguments: [(false, Session.SignOut.deviceRemoved), (true, .soft)])
    func anEndedSessionStopsTheLoop(softLogout: Bool, signOut: Session.SignOut) async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let server = ScriptedServer([.failure(.unknownToken(softLogout: softLogout))])
        let events = Recorder<ClientEvent>()
        await SyncLoop(request: server.request, store: store, userID: "@me:hs") { await events.append($0) }.run()
        #expect(await events.values == [.sessionEnded(signOut)])
    }

    /// A room list still loading (sliding sync) is asked for on at once, from the new position,
    /// even by a loop that only catches up; a catch-up ends once it is in.
    @Test func aResponseWithMoreToComeIsFollowedAtOnceEvenWhenOnlyCatchingUp() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let requests = Recorder<String>()
        let served = Counter()
        let loop = SyncLoop(request: { positions, waitsForNews throws(MatrixError) in
            await requests.append("\(positions.sliding?.pos ?? "-") \(waitsForNews ? "waits" : "at once")")
            let index = await served.next()
            var response = SyncResponse(position: .sliding(SlidingSyncPosition(pos: "p\(index + 1)", toDeviceSince: nil)),
                                        rooms: self.joined("!r\(index)", name: "R\(index)"))
            response.hasMore = index < 2
            return response
        }, store: store, userID: "@me:hs", keepsPolling: false) { _ in }
        await loop.run()
        #expect(await requests.values == ["- at once", "p1 at once", "p2 at once"])
        #expect(try await store.rooms().count == 3)
        #expect(try await store.syncPositions().sliding?.pos == "p3")
    }

    /// What a large catch-up decoded is garbage once it is in: a polling loop gives memory back
    /// once, when the last response of the catch-up is taken, before it long-polls; not after
    /// each part of a room list still loading, nor after the long polls, nor after a catch-up of
    /// a few rooms (a restart's, which would wait for it).
    @Test(arguments: [(60, ["catch up", "catch up", "release", "poll", "poll", "waiting"]),
                      (2, ["catch up", "catch up", "poll", "poll", "waiting"])])
    func aPollingLoopReleasesMemoryOnceItHasCaughtUpOnManyRooms(roomsEach: Int, expected: [String]) async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let steps = Recorder<String>()
        let served = Counter()
        let loop = SyncLoop(request: { positions, waitsForNews throws(MatrixError) in
            let index = await served.next()
            guard index < 4 else {
                await steps.append("waiting")
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            await steps.append(waitsForNews ? "poll" : "catch up")
            // The catch-up's two parts bring `roomsEach` rooms each, the polls as many again.
            var rooms = SyncResponse.Rooms()
            for room in 0..<roomsEach { rooms.joined["!r\(index)-\(room)"] = SyncResponse.JoinedRoom() }
            var response = SyncResponse(position: .sliding(SlidingSyncPosition(pos: "p\(index + 1)", toDeviceSince: nil)), rooms: rooms)
            response.hasMore = index < 1
            return response
        }, store: store, userID: "@me:hs", catchesUpFirst: true, caughtUp: { await steps.append("release") }) { _ in }
        let task = Task { await loop.run() }
        try await steps.wait(forCount: expected.count)
        task.cancel()
        #expect(await steps.values == expected)
    }

    @Test func aLoopThatDoesNotKeepPollingCatchesUpOnceAndEnds() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        _ = try await store.apply(SyncResponse(nextBatch: "s0"), userID: "@me:hs")
        let requests = Recorder<String>()
        let loop = SyncLoop(request: { positions, waitsForNews throws(MatrixError) in
            await requests.append("\(positions.nextBatch ?? "-") \(waitsForNews ? "waits" : "at once")")
            return SyncResponse(nextBatch: "s1", rooms: self.joined("!a", name: "A"))
        }, store: store, userID: "@me:hs", keepsPolling: false) { _ in }
        // It returns by itself: batch mode leaves no request open.
        await loop.run()
        #expect(await requests.values == ["s0 at once"])
        #expect(try await store.syncPositions().nextBatch == "s1")
    }

    /// The keys service of one device, saying in `log` how many one-time keys each upload brings.
    struct LoggedUploads: KeysService {
        let server: any KeysService
        let log: Recorder<String>

        func uploadKeys(deviceKeys: JSONValue?, oneTimeKeys: [String: JSONValue],
                        fallbackKeys: [String: JSONValue]) async throws(MatrixError) -> [String: Int] {
            await log.append("upload \(oneTimeKeys.count)")
            return try await server.uploadKeys(deviceKeys: deviceKeys, oneTimeKeys: oneTimeKeys, fallbackKeys: fallbackKeys)
        }
        func queryKeys(userIDs: [String]) async throws(MatrixError) -> JSONValue { try await server.queryKeys(userIDs: userIDs) }
        func claimOneTimeKeys(_ devices: [String: [String]]) async throws(MatrixError) -> JSONValue {
            try await server.claimOneTimeKeys(devices)
        }
        func sendToDevice(type: String, transactionID: String, messages: [String: [String: JSONValue]]) async throws(MatrixError) {
            try await server.sendToDevice(type: type, transactionID: transactionID, messages: messages)
        }
        func readers(ofRoom roomID: String) async throws(MatrixError) -> RoomReaders { try await server.readers(ofRoom: roomID) }
        func uploadEncryptedFile(_ data: Data) async throws(MatrixError) -> String { try await server.uploadEncryptedFile(data) }
        func downloadEncryptedFile(_ url: String, maximumBytes: Int) async throws(MatrixError) -> Data {
            try await server.downloadEncryptedFile(url, maximumBytes: maximumBytes)
        }
    }

    /// Sent beside a `/v3` first sync, which may take minutes; after sliding sync's first
    /// answer, which they would hold back. Either way once: the counts of an answer asked for
    /// before the keys were up are not acted on.
    @Test(arguments: [false, true])
    func aNewDevicePublishesItsKeysOnceBesideOrAfterItsFirstRequest(paged: Bool) async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let keysServer = MemoryKeysServer(), device = DeviceAddress(userID: "@me:hs", deviceID: "D1")
        let log = Recorder<String>(), served = Counter()
        let published = OlmAccount.maxPublishedOneTimeKeys / 2
        let answers = [
            // Asked for before the keys were up: the server counted none of them.
            SyncResponse(nextBatch: "s1", encryption: EncryptionUpdates(oneTimeKeyCounts: [CryptoAlgorithm.signedCurve25519: 0],
                                                                         unusedFallbackKeyTypes: [])),
            SyncResponse(nextBatch: "s2", encryption: EncryptionUpdates(oneTimeKeyCounts: [CryptoAlgorithm.signedCurve25519: 10],
                                                                         unusedFallbackKeyTypes: [CryptoAlgorithm.signedCurve25519])),
        ]
        let request: SyncLoop.Request = { _, _ throws(MatrixError) in
            let index = await served.next()
            guard index < answers.count else {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            await log.append("request \(index + 1)")
            // Beside: the first answer waits for the upload, which would never come if it waited for the answer.
            if index == 0 && !paged {
                do { try await log.wait { $0.contains("upload \(published)") } } catch { throw .transport(.cancelled) }
            }
            await log.append("answer \(index + 1)")
            return answers[index]
        }
        let crypto = try await CryptoMachine(userID: device.userID, deviceID: device.deviceID, store: store,
                                             keys: LoggedUploads(server: keysServer.service(userID: device.userID, deviceID: device.deviceID), log: log),
                                             cipher: PickleCipher(key: Data(repeating: 7, count: 32)))
        let loop = SyncLoop(request: request, store: store, crypto: crypto, userID: device.userID, firstSyncIsPaged: { paged }) { _ in }
        let task = Task { await loop.run() }
        try await log.wait(forCount: 6)
        task.cancel()
        await task.value

        // The second answer's counts were acted on: it says 10 are left.
        let seen = await log.values
        if paged {
            #expect(seen == ["request 1", "answer 1", "upload \(published)", "request 2", "answer 2", "upload \(published - 10)"])
        } else {
            #expect(Set(seen.prefix(2)) == ["request 1", "upload \(published)"])
            #expect(seen.dropFirst(2) == ["answer 1", "request 2", "answer 2", "upload \(published - 10)"])
        }
        #expect(await keysServer.oneTimeKeyCount(of: device) == 2 * published - 10)
        #expect(await crypto.keysPublished)
    }

    /// A paged first sync that fails does not hold the keys back: they go up before it is asked
    /// again, and the answer that then comes, asked for beside them, has its counts ignored.
    @Test func aNewDeviceWhoseFirstPagedRequestFailsStillPublishesItsKeys() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let keysServer = MemoryKeysServer(), device = DeviceAddress(userID: "@me:hs", deviceID: "D1")
        let log = Recorder<String>(), served = Counter()
        let published = OlmAccount.maxPublishedOneTimeKeys / 2
        let request: SyncLoop.Request = { _, _ throws(MatrixError) in
            let index = await served.next()
            await log.append("request \(index + 1)")
            switch index {
            case 0: throw .transport(.cannotConnect("hs"))
            case 1:
                // It waits for the upload, which would never come if it waited for an answer.
                do { try await log.wait { $0.contains("upload \(published)") } } catch { throw .transport(.cancelled) }
                return SyncResponse(nextBatch: "s1", encryption: EncryptionUpdates(oneTimeKeyCounts: [CryptoAlgorithm.signedCurve25519: 0],
                                                                                    unusedFallbackKeyTypes: []))
            default:
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
        }
        let crypto = try await CryptoMachine(userID: device.userID, deviceID: device.deviceID, store: store,
                                             keys: LoggedUploads(server: keysServer.service(userID: device.userID, deviceID: device.deviceID), log: log),
                                             cipher: PickleCipher(key: Data(repeating: 7, count: 32)))
        let loop = SyncLoop(request: request, store: store, crypto: crypto, userID: device.userID, firstSyncIsPaged: { true },
                            clock: ImmediateClock()) { _ in }
        let task = Task { await loop.run() }
        try await log.wait(forCount: 4)
        task.cancel()
        await task.value

        let seen = await log.values
        // The upload and the second request go out together.
        #expect(seen.first == "request 1" && Set(seen[1...2]) == ["upload \(published)", "request 2"] && seen[3] == "request 3", "\(seen)")
        #expect(await keysServer.oneTimeKeyCount(of: device) == published, "the second answer's count of 0 was not acted on")
        #expect(await crypto.keysPublished)
    }

    @Test func startingAgainContinuesFromTheStoredToken() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.apply(SyncBatch(), position: .nextBatch("saved"))
        let server = ScriptedServer([.failure(.unknownToken(softLogout: false))])
        await SyncLoop(request: server.request, store: store, userID: "@me:hs") { _ in }.run()
        #expect(await server.answers.values == ["saved"])
    }
}
