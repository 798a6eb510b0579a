import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What a stopped or replaced service reports late is dropped: the old session's or the old sync
/// loop's results never land in what came after them.
@MainActor
@Suite struct AppStateLateResultTests {
    typealias Messaging = AppStateMessagingTests

    /// A homeserver whose long-poll, once cancelled, still answers with `late`, as a response
    /// that was on its way when the client gave up on it.
    static func answeringAsItIsCancelled(first: SyncResponse, late: SyncResponse, asked: Recorder<Int>) -> SyncLoop.Request {
        let served = SyncLoopTests.Counter()
        return { _, _ throws(MatrixError) in
            let index = await served.next()
            await asked.append(index)
            if index == 0 { return first }
            await suspendUntilCancelled()
            return late
        }
    }

    static var lateMessage: SyncResponse {
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: [Messaging.event("late", from: "@bob:hs", at: 5_000)], previousBatch: "p2")
        return SyncResponse(nextBatch: "s-late", rooms: .init(joined: ["!lobby:hs": room]))
    }

    /// Logged in with the Lobby open, its long-poll under way; `asked` counts the requests.
    func longPolling(asked: Recorder<Int>) async throws -> AppHarness {
        let app = AppHarness(sync: Self.answeringAsItIsCancelled(first: Messaging.lobby, late: Self.lateMessage, asked: asked))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        try await asked.wait(forCount: 2)
        return app
    }

    func showedLateMessage(_ app: AppHarness) -> Bool {
        app.log.reports.contains { if case .message(let view) = $0.content { view.body == "late" } else { false } }
    }

    @Test func aLateSyncResultAfterLogoutIsDropped() async throws {
        let app = try await longPolling(asked: Recorder())
        #expect(await app.state.run(line: "/logout!"))
        #expect(app.state.session == nil && app.state.rooms.isEmpty)
        #expect(!showedLateMessage(app))
    }

    @Test func aLateResultOfTheSyncThatReconnectReplacedIsNotApplied() async throws {
        let asked = Recorder<Int>()
        let app = try await longPolling(asked: asked)
        #expect(await app.state.run(line: "/reconnect"))
        // The new loop asks from the token the store has: the late answer was not committed.
        try await asked.wait(forCount: 3)
        let store = try #require(app.state.store)
        #expect(try await store.syncPositions().nextBatch == "s1")
        #expect(!showedLateMessage(app))
    }

    @Test func logoutDuringTheFirstSyncEndsItAndSaysNothingLater() async throws {
        let clock = TestClock()
        let app = AppHarness(confirm: true, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        let session = try #require(app.state.session)
        #expect(app.state.syncStatus.isCatchingUp)
        let notice = try #require(app.state.runtime?.firstSyncNotice)
        #expect(await app.state.run(line: "/logout!"))
        #expect(app.log.outcomes.last == .session(.loggedOut(userID: session.userID)))
        #expect(app.state.session == nil && app.state.syncStatus == .stopped)
        // The notice of a slow first sync was due later; its session is gone.
        clock.advance(by: Tuning().firstSyncNoticeDelay)
        await notice.value
        #expect(!app.log.reports.contains { $0.content == .firstSyncUnderway })
        let storeDirectory = StoreLocation.directory(for: session, dataDirectory: app.directory.url.path)
        #expect(!FileManager.default.fileExists(atPath: storeDirectory.path))
    }

    /// TerminalLoginTests failed once under load: the first sync of a new login found the token
    /// void while `/logout!` was still waiting for the server, and the shell said the homeserver
    /// had signed the user out, and stayed signed out instead of logged out.
    @Test func theSyncFindingTheTokenVoidDuringLogoutIsNotASignOut() async throws {
        let gate = Messaging.Gate()
        var auth = FakeAuthService()
        auth.logOut = { _ throws(MatrixError) in await gate.wait() }
        let app = AppHarness(auth: auth, confirm: true)
        await app.state.run(line: "/login matrix.org alice")
        let session = try #require(app.state.session)
        let generation = app.state.serviceGeneration
        async let loggedOut = app.state.run(line: "/logout!")
        try await waitUntil { app.state.isLoggingOut }
        await app.state.apply(.sessionEnded(.deviceRemoved), from: generation)
        await gate.open()
        #expect(await loggedOut)
        #expect(app.log.outcomes.last == .session(.loggedOut(userID: session.userID)))
        #expect(app.state.session == nil && app.state.signedOutSession == nil)
        #expect(!app.log.reports.contains { $0.content == .sessionEnded(userID: session.userID) })
    }
}
