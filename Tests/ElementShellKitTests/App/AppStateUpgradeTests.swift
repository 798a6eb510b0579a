import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient
import MatrixJSON

/// `/upgrade`, and rooms sync says were upgraded.
@MainActor
@Suite struct AppStateUpgradeTests {
    typealias Messaging = AppStateMessagingTests

    /// A server where the Lobby is invite-only with Bob and Carol, and whose upgrade is `!next:hs`.
    static func upgradingServer(invited: Recorder<String>, upgraded: Recorder<String>) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.members = { _ throws(MatrixError) in ["@alice:example": "Alice", "@bob:hs": "Bob", "@carol:hs": nil] }
        rooms.readState = { _, type, _ throws(MatrixError) in type == JoinRule.eventType ? ["join_rule": "invite"] : nil }
        rooms.upgrading = { roomID, version throws(MatrixError) in
            await upgraded.append("\(roomID) to \(version)")
            return "!next:hs"
        }
        rooms.changeMembership = { change, userID, roomID, _ throws(MatrixError) in
            guard userID != "@carol:hs" else { throw .forbidden(message: "no") }
            await invited.append("\(change) \(userID) in \(roomID)")
        }
        return rooms
    }

    @Test func anUpgradeAsksFirstInvitesTheMembersAndOpensTheNewRoom() async throws {
        let invited = Recorder<String>(), upgraded = Recorder<String>()
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), roomService: Self.upgradingServer(invited: invited, upgraded: upgraded))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/upgrade 12")), "a script must say yes with !")
        #expect(app.log.failures == [.confirmationRequired(command: "upgrade")])
        #expect(await upgraded.values.isEmpty)
        #expect(await app.state.run(line: "/upgrade! 12"))
        #expect(await upgraded.values == ["!lobby:hs to 12"])
        #expect(await invited.values == ["invite @bob:hs in !next:hs"])
        #expect(app.log.outcomes.last == .upgrade(.upgraded(roomName: "Lobby", roomID: "!next:hs", version: "12", invited: ["@bob:hs"], notInvited: ["@carol:hs"])))
        #expect(app.state.currentRoomID == "!next:hs")
    }

    @Test func aRoomUpgradedElsewhereIsToldOnceAndLeavesTheListWhenItsReplacementIsJoined() async throws {
        let gate = Messaging.Gate()
        let tombstoned = SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": SyncResponse.JoinedRoom(timeline: .init(events: [
            SyncEvent(type: "m.room.tombstone", eventID: "$t", sender: "@bob:hs", stateKey: "", content: ["body": "moved", "replacement_room": "!next:hs"]),
        ]))]))
        let joined = SyncResponse(nextBatch: "s3", rooms: .init(joined: ["!next:hs": SyncResponse.JoinedRoom(state: [
            SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: ["name": "Lobby"]),
            SyncEvent(type: "m.room.create", sender: "@bob:hs", stateKey: "", content: ["room_version": "12", "predecessor": ["room_id": "!lobby:hs"]]),
        ], timeline: .init(events: [], limited: false, previousBatch: "p"))]))
        let lobby = Messaging.lobby
        let app = AppHarness(sync: Messaging.scriptedSync([
            { .success(lobby) }, { await gate.wait(); return .success(tombstoned) }, { .success(joined) },
        ]))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(app.state.listedRooms.map(\.roomID) == ["!lobby:hs"])
        await gate.open()
        try await waitUntil { app.state.appliedSyncCount >= 3 }
        let upgrades = app.log.reports.filter { if case .roomUpgraded = $0.content { true } else { false } }
        #expect(upgrades.map(\.content) == [.roomUpgraded(roomName: "Lobby", roomID: "!lobby:hs", replacement: RoomReplacement(roomID: "!next:hs", name: nil))])
        #expect(app.state.listedRooms.map(\.roomID) == ["!next:hs"], "the old room leaves the list once the new one is joined")
        #expect(await app.state.run(line: "/open !lobby:hs"), "and can still be opened")
        guard case .room(.opened(_, _, _, let header))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(header.replacement == RoomReplacement(roomID: "!next:hs", name: "Lobby"))
        #expect(!(await app.state.run(line: "/upgrade! 12")))
        #expect(app.log.failures.last == .alreadyUpgraded(roomName: "Lobby", replacementRoomID: "!next:hs"))
    }
}
