import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/wait` ends when what it waits for happens, whichever way it comes.
@MainActor
@Suite struct AppStateWaitTests {
    typealias Messaging = AppStateMessagingTests

    /// The server kept the message but its answer never comes: the message's echo in the next
    /// sync is what takes it out of the outbox, and the wait must see that (it once waited only
    /// for the queue's reports, and timed out under load when an answer was lost). The limit only
    /// catches a hang (the clock never moves, so the wait cannot time out): the test's own work
    /// takes 50 ms alone, but each of its steps waits its turn on the main actor with every other
    /// `AppState` test of the run, which took it 13 s in the unit run and 64-87 s in full runs on
    /// two cores (the login's hops alone 5 s); a minute was too close to that.
    @Test(.timeLimit(.minutes(5))) func anEchoThatEmptiesTheOutboxEndsTheWaitForIt() async throws {
        let clock = TestClock()
        let sent = Recorder<String>()
        let lobby = Messaging.lobby
        let app = AppHarness(sync: Messaging.scriptedSync([
            { .success(lobby) },
            {
                // Once /wait sent waits: its timeout is asleep on the clock (which never moves).
                try? await sent.wait(forCount: 1)
                await clock.sleepers(atLeast: 1)
                let transactionID = await sent.values[0]
                var room = SyncResponse.JoinedRoom()
                room.timeline = .init(events: [Messaging.event("kept", from: "@alice:example", at: 3_000, transactionID: transactionID)])
                return .success(SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": room])))
            },
        ]), send: { entry throws(MatrixError) in
            await sent.append(entry.transactionID)
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "kept")
        #expect(await app.state.run(line: "/wait sent --timeout 5"))
    }

    @Test func batchModeSyncsOnceAndLiveOnlyOnceAScriptWaitsForAMessage() async throws {
        let requests = Recorder<String>()
        let served = SyncLoopTests.Counter()
        let lobby = Messaging.lobby
        var greeting = SyncResponse.JoinedRoom()
        greeting.timeline = .init(events: [Messaging.event("hello there", from: "@bob:hs", at: 3_000)])
        let news = SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": greeting]))
        let app = AppHarness(sync: { _, waitsForNews throws(MatrixError) in
            await requests.append(waitsForNews ? "waits" : "at once")
            switch await served.next() {
            case 0: return lobby
            case 1: return news
            default:
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
        }, syncsContinuously: false)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.runtime?.syncTask?.value
        #expect(await requests.values == ["at once"], "one request, and no long poll left open")

        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/wait message hello"))
        #expect(await requests.values.prefix(2) == ["at once", "waits"], "waiting for a message, sync waits for news")
    }

    /// Synapse answers a request it has answered in the last two minutes (same token, same
    /// timeout) from its cache: a catch-up asked twice from one token would see the server as it
    /// stood at the first. So in batch mode `/wait sync` lets the catch-up under way finish, and
    /// asks on from the token it brought.
    @Test func inBatchModeWaitSyncLetsTheCatchUpUnderWayFinishAndAsksOnFromItsToken() async throws {
        let tokens = Recorder<String>()
        let served = SyncLoopTests.Counter()
        let gate = Messaging.Gate()
        let lobby = Messaging.lobby
        let app = AppHarness(sync: { positions, _ throws(MatrixError) in
            await tokens.append(positions.nextBatch ?? "none")
            if await served.next() == 0 {
                // The session's first catch-up is under way when the script says /wait sync.
                await gate.wait()
                return lobby
            }
            return SyncResponse(nextBatch: "s9")
        }, syncsContinuously: false)
        await app.state.run(line: "/login matrix.org alice")
        async let waited = app.state.run(line: "/wait sync")
        try await tokens.wait(forCount: 1)
        await gate.open()
        #expect(await waited)
        #expect(await tokens.values == ["none", lobby.nextBatch ?? ""], "not asked twice from one token")
    }

    /// A script joins a room by its ID and opens it by the name only sync tells (as dave's run in
    /// `ShellDeviceLoginTests` does): in batch mode sync catches up once, at the start, so on a
    /// loaded machine the name was not there yet and `/open` failed `unknown_room`. Not found,
    /// the name is looked for again once sync has brought the joined room.
    @Test func inBatchModeARoomJoinedByItsIDOpensByTheNameSyncBrings() async throws {
        let served = SyncLoopTests.Counter()
        var approved = SyncResponse.JoinedRoom()
        approved.state = [SyncEvent(type: "m.room.name", sender: "@carol:hs", stateKey: "", content: .object(["name": .string("Approved")])),
                          Messaging.member("@carol:hs", name: "Carol"), Messaging.member("@alice:example", name: "Alice")]
        let joined = SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!approved:hs": approved]))
        let app = AppHarness(sync: { _, _ throws(MatrixError) in
            await served.next() == 0 ? Messaging.lobby : joined
        }, syncsContinuously: false)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.runtime?.syncTask?.value

        #expect(await app.state.run(line: "/join !approved:hs"))
        #expect(await app.state.run(line: "/open Approved"), "\(app.log.failures)")
        #expect(app.state.currentRoomID == "!approved:hs")
        #expect(!(await app.state.run(line: "/open Nowhere")), "a name no room has is refused")
        #expect(app.log.failures == [.unknownRoom("Nowhere")])
    }
}
