import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Scripts join in one run and post in the next: a join is kept when it succeeds, not only once
/// sync brings the room, which a short run may end before.
@MainActor
@Suite struct AppStateJoinAcrossRunsTests {
    @Test func aRoomJoinedInOneRunOpensByItsAliasInTheNextAndTakesMessages() async throws {
        let first = AppHarness()
        await first.state.run(line: "/login matrix.org alice")
        #expect(await first.state.run(line: "/join #lobby:hs"))
        // The run ends before any sync has answered.
        await first.state.stopSyncAndWait()

        let sentTo = Recorder<String>()
        let second = AppHarness(send: { entry throws(MatrixError) in
            await sentTo.append(entry.roomID)
            return "$sent"
        }, clock: TestClock(), sharing: first.directory)
        await second.state.send(.resumeSession)
        #expect(await second.state.run(line: "/open #lobby:hs"))
        // Not "no messages here yet": the room has not been synced, so nothing is known of them.
        guard case .room(.openedBeforeSync("#lobby:hs", nil))? = second.log.outcomes.last else {
            Issue.record("not opened before sync: \(second.log.outcomes)")
            return
        }
        #expect(second.state.currentRoomID == "!joined:hs")
        #expect(await second.state.run(line: "hello"))
        #expect(await second.state.waitUntilSent(timeout: 5), "on a test clock: only the send can end it")
        #expect(await sentTo.values == ["!joined:hs"])
    }

    @Test func anAcceptedInviteIsJoinedInTheStoreAtOnce() async throws {
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(Self.invite))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.rooms["!party:hs"]?.membership == .invite }
        #expect(await app.state.run(line: "/accept"))
        let store = try #require(app.state.store)
        #expect(try await store.room("!party:hs")?.membership == .join)
        #expect(app.state.rooms["!party:hs"]?.membership == .join)
    }

    @Test func aRoomSyncBroughtWithoutMessagesIsOpenedAsEmpty() async throws {
        var room = SyncResponse.JoinedRoom()
        room.state = [SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string("Quiet")]))]
        room.timeline = .init(events: [], limited: false, previousBatch: "p0")
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(SyncResponse(nextBatch: "s1", rooms: .init(joined: ["!quiet:hs": room]))))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.rooms["!quiet:hs"] != nil }
        #expect(await app.state.run(line: "/open Quiet"))
        guard case .room(.opened("Quiet", [], nil, _))? = app.log.outcomes.last else { Issue.record("not opened: \(app.log.outcomes)"); return }
    }

    static var invite: SyncResponse {
        let room = SyncResponse.InvitedRoom(inviteState: [
            SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string("Party")])),
            SyncEvent(type: "m.room.member", sender: "@bob:hs", stateKey: "@alice:example", content: .object(["membership": .string("invite")])),
        ])
        return SyncResponse(nextBatch: "s1", rooms: .init(invited: ["!party:hs": room]))
    }
}
