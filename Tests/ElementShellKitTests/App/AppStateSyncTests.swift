import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateSyncTests {
    static func oneRoom(_ name: String, unread: Int) -> SyncLoop.Request {
        let served = SyncLoopTests.Counter()
        return { since, _ throws(MatrixError) in
            guard await served.next() == 0 else {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            var room = SyncResponse.JoinedRoom()
            room.state = [SyncEvent(type: "m.room.name", sender: "@b:hs", stateKey: "", content: .object(["name": .string(name)]))]
            room.unreadNotifications = .init(notificationCount: unread, highlightCount: 0)
            return SyncResponse(nextBatch: "s1", rooms: .init(joined: ["!a:hs": room]))
        }
    }

    @Test func loggingInStartsSyncAndRoomsAppearInListAndPrompt() async throws {
        let app = AppHarness(sync: Self.oneRoom("Lobby", unread: 3))
        #expect(!(await app.state.run(line: "/rooms")), "no rooms without a session")
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(app.state.rooms["!a:hs"]?.name == "Lobby")
        #expect(app.state.promptValues().unread == 3)
        #expect(await app.state.run(line: "/rooms"))
        guard case .room(.list(let listed, _))? = app.log.outcomes.last else { Issue.record("no room list"); return }
        #expect(listed.map(\.roomID) == ["!a:hs"])
    }

    /// A screen reader speaks the prompt each time it is drawn: it names the room and nothing that
    /// moves on its own (counts, sync status, typing).
    @Test func aScreenReadersPromptIsShortAndStable() async throws {
        let app = AppHarness(sync: Self.oneRoom("Lobby", unread: 3))
        let theme = Theme(usesColor: false, accent: .named(.green))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(app.state.prompt(theme: theme).contains("(3)"))
        #expect(await app.state.run(line: "/set screen_reader on"))
        #expect(app.state.prompt(theme: theme) == "Element> ")
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(app.state.prompt(theme: theme) == "Lobby> ")
    }

    /// On a test clock, a timeout passes only when the test moves time on: a busy machine cannot
    /// make a wait that should succeed run out (one did, with five real seconds, under load).
    @Test func waitSyncHoldsUntilAResponseIsAppliedOrTimesOut() async throws {
        let clock = TestClock()
        let app = AppHarness(sync: Self.oneRoom("Lobby", unread: 0), clock: clock)
        #expect(!(await app.state.run(line: "/wait sync")))
        await app.state.run(line: "/login matrix.org alice")
        #expect(await app.state.run(line: "/wait sync --timeout 5"))
        #expect(app.state.rooms["!a:hs"] != nil)
        async let timedOut = app.state.run(line: "/wait sync --timeout 0.1")
        await clock.advance(toWakeWithin: .milliseconds(100))
        #expect(!(await timedOut), "the fake server has nothing more to say")
        #expect(app.log.failures == [.notLoggedIn, .waitTimedOut(seconds: 0.1)])
    }

    @Test func waitSyncAfterAJoinWaitsUntilSyncHasBroughtTheRoom() async throws {
        let clock = TestClock()
        let served = SyncLoopTests.Counter()
        let app = AppHarness(sync: { _, waitsForNews throws(MatrixError) in
            let index = await served.next()
            if waitsForNews {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            // The homeserver answers the first catch-ups before the join has reached sync.
            guard index >= 3 else { return SyncResponse(nextBatch: "s\(index)") }
            var room = SyncResponse.JoinedRoom()
            room.state = [SyncEvent(type: "m.room.name", sender: "@b:hs", stateKey: "", content: .object(["name": .string("New")]))]
            return SyncResponse(nextBatch: "s\(index)", rooms: .init(joined: ["!new:hs": room]))
        }, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        #expect(await app.state.run(line: "/join !new:hs"))
        #expect(await app.state.run(line: "/wait sync --timeout 5"))
        #expect(app.state.rooms["!new:hs"]?.name == "New", "the joined room had arrived when the wait ended")
    }

    @Test func aMentionElsewhereIsNamedOnce() async throws {
        let served = SyncLoopTests.Counter()
        let app = AppHarness(sync: { _, _ throws(MatrixError) in
            let index = await served.next()
            guard index < 2 else {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            var room = SyncResponse.JoinedRoom()
            room.state = [SyncEvent(type: "m.room.name", sender: "@b:hs", stateKey: "", content: .object(["name": .string("Team")]))]
            room.unreadNotifications = .init(notificationCount: 1, highlightCount: 1)
            return SyncResponse(nextBatch: "s\(index)", rooms: .init(joined: ["!team:hs": room]))
        })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.appliedSyncCount == 2 }
        let mentions = app.log.reports.filter { if case .mentioned = $0.content { true } else { false } }
        #expect(mentions.map(\.content) == [.mentioned(roomName: "Team", count: 1)], "the same count again is no new mention")
    }

    @Test func aRestartShowsStoredRoomsBeforeTheNetworkAnswers() async throws {
        let first = AppHarness(sync: Self.oneRoom("Lobby", unread: 0))
        await first.state.run(line: "/login matrix.org alice")
        try await waitUntil { first.state.syncStatus == .live }

        // The same data directory, and a homeserver that never answers.
        let restarted = AppHarness(password: .missing, sharing: first.directory)
        await restarted.state.send(.resumeSession)
        #expect(restarted.state.rooms["!a:hs"]?.name == "Lobby")
        #expect(restarted.state.syncStatus.isCatchingUp)
    }

    /// From a stored token the first request asks for what is new at once, then sync waits for
    /// news: a long poll first would keep the prompt at "syncing…" while nothing happens.
    @Test func aRestartCatchesUpAtOnceThenWaitsForNews() async throws {
        let first = AppHarness(sync: Self.oneRoom("Lobby", unread: 0))
        await first.state.run(line: "/login matrix.org alice")
        try await waitUntil { first.state.syncStatus == .live }

        let requests = Recorder<String>()
        let restarted = AppHarness(password: .missing, sync: { positions, waitsForNews throws(MatrixError) in
            await requests.append("\(positions.nextBatch ?? "-") \(waitsForNews ? "waits" : "at once")")
            guard !waitsForNews else {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            return SyncResponse(nextBatch: "s-restarted")
        }, sharing: first.directory)
        await restarted.state.send(.resumeSession)
        try await requests.wait { $0.count == 2 }
        let asked = await requests.values
        #expect(asked.map { $0.hasSuffix("at once") } == [true, false], "\(asked)")
        #expect(asked.last == "s-restarted waits")
    }

    @Test func loggingOutStopsSyncAndRemovesTheStore() async throws {
        let app = AppHarness(sync: Self.oneRoom("Lobby", unread: 0))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        let session = try #require(app.state.session)
        let storeDirectory = StoreLocation.directory(for: session, dataDirectory: app.directory.url.path)
        #expect(FileManager.default.fileExists(atPath: storeDirectory.path))
        await app.state.run(line: "/logout!")
        #expect(app.state.rooms.isEmpty && app.state.syncStatus == .stopped)
        #expect(!FileManager.default.fileExists(atPath: storeDirectory.path))
    }

    @Test func anEndedSessionIsSignedOutWithItsFilesKept() async throws {
        let app = AppHarness(sync: { _, _ throws(MatrixError) in throw .unknownToken(softLogout: false) })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.signedOutSession != nil }
        #expect(app.state.session == nil)
        #expect(app.log.reports.contains { $0.content == .sessionEnded(userID: "@alice:example") })
        #expect(FileManager.default.fileExists(atPath: app.sessionFile.path), "AppStateSignOutTests follows what is kept")
    }

    @Test func aFailingSyncMarksTheShellOfflineAndReconnectTriesAtOnce() async throws {
        let attempts = SyncLoopTests.Counter()
        let app = AppHarness(sync: { _, _ throws(MatrixError) in
            _ = await attempts.next()
            throw .transport(.cannotConnect("hs.example"))
        })
        #expect(!(await app.state.run(line: "/reconnect")))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { if case .offline = app.state.syncStatus { true } else { false } }
        #expect(app.state.session != nil)
        let status = app.state.promptValues(at: Date()).status ?? ""
        #expect(status.hasPrefix("(offline — retrying in") || status.hasPrefix("(offline – neuer Versuch"))
        let before = await attempts.value
        #expect(await app.state.run(line: "/reconnect"))
        try await waitUntil { !app.state.syncStatus.isCatchingUp }
        #expect(await attempts.value > before)
    }

    /// Sliding sync follows the open room: told after the command that changed it, and a long-poll
    /// under way gives way to a request that says so, without the prompt saying "syncing…".
    @Test func theOpenRoomIsFollowedAndALongPollGivesWayQuietly() async throws {
        let followed = Recorder<String>()
        let requests = Recorder<String>()
        let served = SyncLoopTests.Counter()
        let lobby = AppStateMessagingTests.lobby
        let app = AppHarness(sync: { _, waitsForNews throws(MatrixError) in
            await requests.append(waitsForNews ? "waits" : "at once")
            guard await served.next() > 0, waitsForNews else { return lobby }
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }, followRoom: { roomID in
            // As the sliding service answers: changed only when the room differs from the last
            // one told (none at first), so following no room after `/login` restarts nothing.
            let before = await followed.values.last ?? "none"
            await followed.append(roomID ?? "none")
            return (roomID ?? "none") != before
        })
        await app.state.run(line: "/login matrix.org alice")
        try await requests.wait(forCount: 2)
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        #expect(await followed.values.last == "!lobby:hs")
        #expect(app.state.syncStatus == .live, "the prompt does not say syncing for it")
        try await requests.wait(forCount: 3)
        #expect(await requests.values[2] == "at once", "the long-poll gave way")
        await app.state.run(line: "/rooms")
        #expect(await followed.values.filter { $0 == "!lobby:hs" }.count == 1, "told once, not after every command")
    }

    /// `sync: sliding` on a server without it: retried like any failure, and said once, with what to do.
    @Test func slidingSyncAskedForWhereThereIsNoneIsSaidOnce() async throws {
        let attempts = Recorder<Int>()
        let app = AppHarness(sync: { _, _ throws(MatrixError) in
            await attempts.append(1)
            throw .slidingSyncUnavailable
        })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus.isFailing }
        #expect(await app.state.run(line: "/reconnect"))
        try await attempts.wait(forCount: 2)
        try await waitUntil { app.state.syncStatus.isFailing }
        #expect(app.log.reports.filter { $0.content == .slidingSyncUnavailable }.count == 1)
        #expect(ErrorMessages.message(for: .slidingSyncUnavailable).contains("/set sync"))
    }

    /// A server that answers, but with errors or with what cannot be read, is no network problem.
    @Test(arguments: [MatrixError.server(errcode: "M_UNKNOWN", message: "Internal server error", status: 500), .decoding("SyncResponse: …")])
    func aServerThatAnswersBadlyIsFailingNotOffline(error: MatrixError) async throws {
        let app = AppHarness(sync: { _, _ throws(MatrixError) in throw error })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus.isFailing }
        let status = L10n.$languageOverride.withValue("en") { app.state.promptValues(at: Date()).status ?? "" }
        #expect(status.hasPrefix("(the server is failing — retrying in"), "\(status)")
    }
}

extension SyncStatus {
    var isFailing: Bool {
        if case .failing = self { true } else { false }
    }

    var isCatchingUp: Bool {
        if case .catchingUp = self { true } else { false }
    }
}
