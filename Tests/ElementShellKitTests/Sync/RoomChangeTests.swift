import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct RoomChangeTests {
    func state(_ type: String, _ content: [String: JSONValue], key: String = "", sender: String = "@bob:hs") -> SyncEvent {
        SyncEvent(type: type, eventID: "$\(type)", sender: sender, stateKey: key, originServerTS: 10, content: .object(content))
    }

    func message(at time: Int64) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: "$m\(time)", sender: "@bob:hs", originServerTS: time, content: .object(["body": .string("hi")]))
    }

    @Test func aJoinedRoomTakesItsStateCountsAndLatestActivity() {
        var joined = SyncResponse.JoinedRoom()
        joined.state = [state("m.room.name", ["name": .string("Old")]), state("m.room.canonical_alias", ["alias": .string("#a:hs")])]
        // Synapse may put a new room's state in the timeline; the later event wins.
        joined.timeline = .init(events: [message(at: 100), state("m.room.name", ["name": .string("New")]), message(at: 300)])
        joined.unreadNotifications = .init(notificationCount: 3, highlightCount: 1)
        joined.summary = .init(heroes: ["@bob:hs"], joinedMemberCount: 2)
        let response = SyncResponse(nextBatch: "s", rooms: .init(joined: ["!a": joined]))

        let change = RoomChange.changes(in: response, userID: "@me:hs").first
        #expect(change?.membership == .join)
        #expect(change?.name == "New" && change?.canonicalAlias == "#a:hs" && change?.topic == nil)
        #expect(change?.notificationCount == 3 && change?.highlightCount == 1)
        #expect(change?.heroes == ["@bob:hs"] && change?.joinedMemberCount == 2)
        #expect(change?.lastActivity == 300)
    }

    @Test func anInviteIsKnownByItsInviterUntilItHasAName() {
        let invite = SyncResponse.InvitedRoom(inviteState: [
            SyncEvent(type: "m.room.member", sender: "@carol:hs", stateKey: "@me:hs", content: .object(["membership": .string("invite")])),
        ])
        let response = SyncResponse(nextBatch: "s", rooms: .init(invited: ["!i": invite], left: ["!l": .init()]))
        let changes = RoomChange.changes(in: response, userID: "@me:hs")
        #expect(changes.map(\.roomID) == ["!i", "!l"])
        #expect(changes[0].membership == .invite && changes[0].heroes == ["@carol:hs"] && changes[0].name == nil)
        #expect(!changes[0].isDirectInvite)
        #expect(changes[1].membership == .leave && changes[1].notificationCount == 0)
        let room = changes[0].applied(to: nil)
        #expect(RoomName.of(room) == "carol")
    }

    @Test func anInviteMarkedDirectAndTheAccountsDirectChatsAreTaken() {
        let invite = SyncResponse.InvitedRoom(inviteState: [
            SyncEvent(type: "m.room.member", sender: "@carol:hs", stateKey: "@me:hs",
                      content: .object(["membership": .string("invite"), "is_direct": .bool(true)])),
        ])
        let direct: JSONValue = .object(["@carol:hs": .array([.string("!a"), .string("!b")]), "@dan:hs": .array([.string("!c")])])
        let response = SyncResponse(nextBatch: "s", rooms: .init(invited: ["!i": invite]), accountData: ["m.direct": direct])
        #expect(RoomChange.changes(in: response, userID: "@me:hs").first?.isDirectInvite == true)
        #expect(SyncBatch(response, userID: "@me:hs").directRoomIDs == ["!a", "!b", "!c"])
        #expect(SyncBatch(SyncResponse(nextBatch: "s"), userID: "@me:hs").directRoomIDs == nil, "no news is no change")
    }

    @Test func aRemovedNameFallsBackAndOtherRoomsKeepTheirs() {
        var stored = RoomRecord(roomID: "!a", membership: .join, name: "Named", canonicalAlias: "#a:hs", lastActivity: 500)
        var change = RoomChange(roomID: "!a", membership: .join)
        change.name = ""
        change.lastActivity = 100
        stored = change.applied(to: stored)
        #expect(stored.name == nil && RoomName.of(stored) == "#a:hs" && stored.lastActivity == 500)
    }

    @Test func theWayBackIsKeptUnlessALimitedTimelineLeavesAGap() {
        var joined = SyncResponse.JoinedRoom()
        joined.timeline = .init(events: [message(at: 100)], limited: false, previousBatch: "later")
        let quiet = RoomChange.changes(in: SyncResponse(nextBatch: "s", rooms: .init(joined: ["!a": joined])), userID: "@me:hs")[0]
        let stored = RoomRecord(roomID: "!a", membership: .join, previousBatch: "first")
        #expect(!quiet.followsGap && quiet.applied(to: stored).previousBatch == "first")
        joined.timeline.limited = true
        let gapped = RoomChange.changes(in: SyncResponse(nextBatch: "s", rooms: .init(joined: ["!a": joined])), userID: "@me:hs")[0]
        #expect(gapped.followsGap && gapped.applied(to: stored).previousBatch == "later")
    }

    @Test func roomNamesFollowTheSpecsOrder() {
        #expect(RoomName.of(RoomRecord(roomID: "!x", membership: .join, heroes: ["@ann:hs", "@ben:hs", "@cy:hs"])) == "ann, ben and cy")
        #expect(RoomName.of(RoomRecord(roomID: "!x", membership: .join)) == "!x")
        let named = RoomRecord(roomID: "!x", membership: .join, heroes: ["@ann:hs", "@ben:hs"], heroNames: ["Ann", ""], joinedMemberCount: 3)
        #expect(RoomName.of(named) == "Ann and ben", "display names where known")
        var large = named
        large.joinedMemberCount = 12
        #expect(RoomName.of(large) == "Ann, ben and 9 others")
    }
}
