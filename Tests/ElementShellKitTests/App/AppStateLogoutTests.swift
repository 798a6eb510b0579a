import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A logout leaves nothing of its session for the next one: everything shown of it is one value,
/// replaced whole, so a field added to it later is covered without this test knowing its name.
@MainActor
@Suite struct AppStateLogoutTests {
    typealias Messaging = AppStateMessagingTests

    @Test func anotherAccountStartsFromAFreshSessionState() async throws {
        var rooms = FakeRoomService()
        rooms.searching = { _, _ throws(MatrixError) in
            var found = Messaging.event("found", from: "@bob:hs", at: 2_000)
            found.roomID = "!lobby:hs"
            return [found]
        }
        rooms.hierarchyPage = { _, _ throws(MatrixError) in
            SpaceHierarchyPage(rooms: [SpaceRoom(roomID: "!team:hs", name: "Team", isSpace: true, children: ["!plans:hs": ["hs"]]),
                                       SpaceRoom(roomID: "!plans:hs", name: "Plans")], next: nil)
        }
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await app.state.run(line: "/search --all found"))
        #expect(await app.state.run(line: "/space !team:hs"))
        #expect(await app.state.run(line: "/thread ~1"))
        await app.state.send(.inputLineChanged("typing a message"))
        let alices = app.state.sessionState
        #expect(!alices.rooms.isEmpty)
        #expect(alices.currentRoomID != nil)
        #expect(alices.currentThreadRoot != nil)
        #expect(!alices.memberNames.isEmpty)
        #expect(!alices.timelines.isEmpty)
        #expect(!alices.fetchedMessages.isEmpty)
        #expect(!alices.shownJoinableRooms.isEmpty)
        #expect(alices.typingNotice != nil)

        #expect(await app.state.run(line: "/logout!"))
        #expect(app.state.sessionState == SessionState())
        #expect(app.state.runtime == nil)

        await app.state.run(line: "/login matrix.org bob")
        try await waitUntil { app.state.session?.userID == "@bob:example" }
        // Bob's start set what a start sets, from his own empty store; nothing else differs.
        var fresh = SessionState()
        fresh.syncStatus = app.state.syncStatus
        fresh.awaitsFirstSync = true
        fresh.deviceTrust = app.state.deviceTrust
        fresh.pushRules = .defaults(for: "@bob:example")
        #expect(app.state.sessionState == fresh)
        #expect(app.state.deviceTrust.keys == DeviceTrustKeys())
        #expect(app.state.runtime != nil)
    }

    /// A join the server answered only after Alice logged out and Bob logged in: the room is
    /// Alice's, so Bob's session neither opens it nor holds it (it opened in Bob's session before).
    @Test func aJoinAnsweredAfterTheSessionEndedShowsNothingInTheNext() async throws {
        let answer = Hold()
        var rooms = FakeRoomService()
        rooms.joinRoom = { _ throws(MatrixError) in
            await answer.pass()
            return "!plans:hs"
        }
        let app = try await Self.runAcrossALogout("/join #plans:hs", heldAt: answer, sync: Messaging.lobby, rooms: rooms)
        #expect(app.state.currentRoomID == nil)
        #expect(app.state.rooms["!plans:hs"] == nil)
        #expect(app.state.joinsAwaitingSync.isEmpty)
    }

    /// `/open` reads the room, from the store and the server, before it shows it: a logout and
    /// another account's login meanwhile leave that listing unshown and no room open.
    @Test func anOpenThatReadAcrossALogoutShowsNothingInTheNext() async throws {
        let answer = Hold()
        var rooms = FakeRoomService()
        rooms.older = { _, _, _ throws(MatrixError) in
            await answer.pass()
            return OlderEvents(events: [Messaging.event("older", from: "@bob:hs", at: 1)], next: nil)
        }
        let app = try await Self.runAcrossALogout("/open Lobby", heldAt: answer, sync: AppStateInterleavingTests.first, rooms: rooms)
        #expect(app.log.outcomes.last == .failure(.cancelled))
        #expect(!app.log.outcomes.contains { if case .room(.opened) = $0 { true } else { false } }, "Alice's room is not listed in Bob's session")
        #expect(app.state.currentRoomID == nil)
    }

    /// Alice runs `line`; while the server holds it at `answer`, she logs out and Bob logs in;
    /// then the server answers and the line ends.
    static func runAcrossALogout(_ line: String, heldAt answer: Hold, sync: SyncResponse, rooms: FakeRoomService) async throws -> AppHarness {
        await answer.arm()
        let app = AppHarness(sync: Messaging.firstSync(sync), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        let command = Task { await app.state.run(line: line) }
        try await answer.reached()
        #expect(await app.state.run(line: "/logout!"))
        await app.state.run(line: "/login matrix.org bob")
        try await waitUntil { app.state.session?.userID == "@bob:example" }
        await answer.release()
        _ = await command.value
        return app
    }
}
