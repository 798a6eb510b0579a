import Foundation
import MatrixJSON
import TestSupport
import Testing
@testable import MatrixClient

/// Knocks sync brings are told only to those who may answer them.
@Suite struct KnockTests {
    let directory = TemporaryDirectory()

    static func knock(_ userID: String, reason: String? = nil) -> SyncEvent {
        var content: [String: JSONValue] = ["membership": "knock", "displayname": "Knocker"]
        content["reason"] = reason.map { .string($0) }
        return SyncEvent(type: "m.room.member", eventID: "$knock\(userID)", sender: userID, stateKey: userID, content: .object(content))
    }

    static func room(invite: Int, ownLevel: Int, knocks: [SyncEvent]) -> SyncResponse.JoinedRoom {
        SyncResponse.JoinedRoom(
            state: [SyncEvent(type: "m.room.create", sender: "@boss:hs", stateKey: "", content: ["room_version": "10"]),
                    SyncEvent(type: "m.room.power_levels", sender: "@boss:hs", stateKey: "",
                              content: ["users": ["@me:hs": .integer(Int64(ownLevel)), "@boss:hs": 100], "invite": .integer(Int64(invite))])],
            timeline: .init(events: knocks))
    }

    @Test func onlyThoseWhoMayInviteAreToldOfKnocks() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        var response = SyncResponse(nextBatch: "s1")
        response.rooms.joined["!mod:hs"] = Self.room(invite: 50, ownLevel: 50, knocks: [Self.knock("@k:hs", reason: "hello"), Self.knock("@me:hs")])
        response.rooms.joined["!member:hs"] = Self.room(invite: 50, ownLevel: 0, knocks: [Self.knock("@k:hs")])
        response.accountData["m.ignored_user_list"] = ["ignored_users": ["@troll:hs": [:]]]
        response.rooms.joined["!open:hs"] = Self.room(invite: 0, ownLevel: 0, knocks: [Self.knock("@troll:hs"), Self.knock("@j:hs")])
        let result = try await store.apply(SyncBatch(response, userID: "@me:hs"), position: .nextBatch("s1"))
        #expect(result.knocks.sorted { $0.roomID < $1.roomID } == [
            Knock(roomID: "!mod:hs", userID: "@k:hs", displayName: "Knocker", reason: "hello"),
            Knock(roomID: "!open:hs", userID: "@j:hs", displayName: "Knocker"),
        ])
    }
}
