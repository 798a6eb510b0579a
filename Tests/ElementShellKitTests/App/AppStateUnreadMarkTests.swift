import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The unread mark `/open` takes off stays off while the server takes it: a sync response made
/// before that does not put it back.
@MainActor
@Suite struct AppStateUnreadMarkTests {
    typealias Messaging = AppStateMessagingTests

    @Test func aStaleMarkFromSyncDoesNotComeBackWhileTheServerTakesItOff() async throws {
        var marked = Messaging.lobby
        marked.rooms.accountData["!lobby:hs"] = ["m.marked_unread": ["unread": true]]
        var stale = SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": SyncResponse.JoinedRoom()]))
        stale.rooms.accountData["!lobby:hs"] = ["m.marked_unread": ["unread": true]]
        let staleResponse = stale
        let first = marked
        let serverHasIt = Messaging.Gate(), staleSent = Messaging.Gate()
        var rooms = FakeRoomService()
        rooms.markUnread = { _, _ throws(MatrixError) in await serverHasIt.wait() }
        let app = AppHarness(sync: Messaging.scriptedSync([{ .success(first) }, { await staleSent.wait(); return .success(staleResponse) }]), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(app.state.rooms["!lobby:hs"]?.isMarkedUnread == true)
        await app.state.run(line: "/open Lobby")
        #expect(app.state.rooms["!lobby:hs"]?.isMarkedUnread == false)
        await staleSent.open()
        try await waitUntil { app.state.appliedSyncCount == 2 }
        #expect(app.state.rooms["!lobby:hs"]?.isMarkedUnread == false, "the mark of a response made before the server took it off stays off")
        await serverHasIt.open()
        try await waitUntil { app.state.unreadMarksTakingOff.isEmpty }
        #expect(try await app.state.store?.room("!lobby:hs")?.isMarkedUnread == false, "the store holds what the server has")
    }
}
