import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The sliding sync wire format as Synapse serves it (shapes from `../shared/peers/transcripts/`),
/// and what it becomes in `/v3`'s terms.
@Suite struct SlidingSyncResponseTests {
    static let me = "@alice:hs"

    func decode(_ json: String) throws -> SlidingSyncResponse {
        try SlidingSyncResponse(json: Data(json.utf8))
    }

    func translate(_ json: String, since: String? = "7", roomCount: Int? = nil) throws -> SyncResponse {
        SyncResponse(sliding: try decode(json), userID: Self.me, continuing: SlidingSyncPosition(pos: "0", toDeviceSince: since, roomCount: roomCount))
    }

    static let fixture = """
        {"pos": "5/s35_2_0", "lists": {"all_rooms": {"count": 3, "ops": [{"op": "SYNC", "range": [0, 19], "room_ids": ["!general"]}]}},
         "rooms": {
           "!general": {"notification_count": 2, "highlight_count": 1, "bump_stamp": 22, "joined_count": 2, "invited_count": 1,
             "name": "General", "initial": true, "limited": true, "prev_batch": "t12-35", "num_live": 1,
             "heroes": [{"user_id": "@bob:hs", "displayname": "Bob"}, {"user_id": "@cy:hs"}, 42, {"displayname": "nobody"}],
             "required_state": [
               {"type": "m.room.name", "state_key": "", "content": {"name": "General"}, "sender": "@bob:hs", "event_id": "$n", "origin_server_ts": 1},
               {"type": "m.room.member", "state_key": "@alice:hs", "content": {"membership": "join"}, "sender": "@alice:hs", "event_id": "$j", "origin_server_ts": 2}],
             "timeline": [
               {"type": "m.room.message", "content": {"msgtype": "m.text", "body": "hello"}, "sender": "@bob:hs", "event_id": "$m", "origin_server_ts": 3}]},
           "!party": {"name": "Party", "initial": true, "bump_stamp": 10, "notification_count": 0, "highlight_count": 0,
             "invite_state": [
               {"type": "m.room.name", "state_key": "", "content": {"name": "Party"}, "sender": "@bob:hs"},
               {"type": "m.room.member", "state_key": "@alice:hs", "content": {"membership": "invite", "is_direct": true}, "sender": "@bob:hs"}]},
           "!gone": {"timeline": [
               {"type": "m.room.member", "state_key": "@alice:hs", "content": {"membership": "leave"}, "sender": "@bob:hs", "event_id": "$k", "origin_server_ts": 4}],
             "required_state": [], "limited": false}},
         "extensions": {
           "to_device": {"next_batch": "8", "events": [{"type": "m.room.encrypted", "sender": "@bob:hs", "content": {"algorithm": "m.olm.v1.curve25519-aes-sha2"}}]},
           "e2ee": {"device_one_time_keys_count": {"signed_curve25519": 50}, "device_unused_fallback_key_types": ["signed_curve25519"],
                    "device_lists": {"changed": ["@bob:hs"], "left": ["@old:hs"]}},
           "account_data": {"global": [{"type": "m.direct", "content": {"@bob:hs": ["!party"]}}], "rooms": {"!general": [{"type": "m.tag", "content": {}}],
                                                                                                   "!elsewhere": [{"type": "m.marked_unread", "content": {"unread": true}}]}},
           "typing": {"rooms": {"!general": {"type": "m.typing", "content": {"user_ids": ["@bob:hs"]}},
                                "!quiet": {"type": "m.typing", "content": {"user_ids": []}}}},
           "receipts": {"rooms": {"!general": {"type": "m.receipt", "content": {
             "$m": {"m.read": {"@bob:hs": {"ts": 50}, "@alice:hs": {"ts": 40, "thread_id": "$root"}}},
             "$n": {"m.read.private": {"@alice:hs": {"ts": 30}}, "m.fully_read": {"@alice:hs": {"ts": 99}}},
             "$j": {"m.read": {"@alice:hs": {"ts": "soon"}, "@cy:hs": 7, "@dee:hs": {"ts": 1.5}}}}},
             "!party": {"type": "m.receipt", "content": {"$x": {"m.read": {"@alice:hs": {"ts": 20, "thread_id": "main"}}}}}}},
           "future_extension": {"anything": [1, 2, 3]}}}
        """

    @Test func readsWhatTheClientUses() throws {
        let response = try decode(Self.fixture)
        #expect(response.pos == "5/s35_2_0")
        #expect(response.listCounts == ["all_rooms": 3])
        let general = try #require(response.rooms["!general"])
        #expect(general.isInitial && general.limited && general.previousBatch == "t12-35")
        #expect(general.joinedCount == 2 && general.invitedCount == 1)
        #expect(general.heroes == [.init(userID: "@bob:hs", displayName: "Bob"), .init(userID: "@cy:hs", displayName: nil)],
                "entries that name no one are left out")
        #expect(general.requiredState.map(\.type) == ["m.room.name", "m.room.member"])
        #expect(general.timeline.map(\.eventID) == ["$m"])
        #expect(general.inviteState == nil)
        #expect(response.rooms["!party"]?.inviteState?.count == 2)
        #expect(response.toDevice?.nextBatch == "8" && response.toDevice?.events.count == 1)
        #expect(response.encryption.oneTimeKeyCounts == ["signed_curve25519": 50])
        #expect(response.encryption.unusedFallbackKeyTypes == ["signed_curve25519"])
        #expect(response.encryption.changedUsers == ["@bob:hs"] && response.encryption.leftUsers == ["@old:hs"])
        #expect(response.accountData["m.direct"]?["@bob:hs"]?.array?.compactMap(\.string) == ["!party"])
        #expect(response.roomAccountData["!elsewhere"]?["m.marked_unread"] == ["unread": true], "a room the response brings nothing else of")
        #expect(response.typing == ["!general": ["@bob:hs"], "!quiet": []])
        #expect(response.readReceipts["!general"]?.sorted { $0.timestamp < $1.timestamp }
            == [.init(userID: "@alice:hs", eventID: "$n", timestamp: 30), .init(userID: "@bob:hs", eventID: "$m", timestamp: 50)],
                "a thread's receipt, other kinds and a time that is no number are left out")
    }

    @Test func becomesAV3ResponseByMembership() throws {
        let response = try translate(Self.fixture)
        #expect(response.position == .sliding(SlidingSyncPosition(pos: "5/s35_2_0", toDeviceSince: "8", roomCount: 3)))
        #expect(Set(response.rooms.joined.keys) == ["!general"])
        #expect(Set(response.rooms.invited.keys) == ["!party"])
        #expect(Set(response.rooms.left.keys) == ["!gone"], "their own membership event says they left")
        let general = try #require(response.rooms.joined["!general"])
        #expect(general.state.map(\.type) == ["m.room.name", "m.room.member"])
        #expect(general.timeline == SyncResponse.Timeline(events: general.timeline.events, limited: true, previousBatch: "t12-35"))
        #expect(general.unreadNotifications == nil, "Synapse sends zeros: the client counts")
        #expect(general.summary == .init(heroes: ["@bob:hs", "@cy:hs"], joinedMemberCount: 2, invitedMemberCount: 1,
                                         heroNames: ["@bob:hs": "Bob"]))
        #expect(response.rooms.typing == ["!general": ["@bob:hs"], "!quiet": []], "typing of a room the response brings nothing else of")
        #expect(response.rooms.ownReadTimes == ["!general": 30, "!party": 20], "the user's own, not bob's")
        #expect(response.encryption.toDeviceEvents.count == 1 && response.encryption.changedUsers == ["@bob:hs"])
        #expect(response.accountData.keys.sorted() == ["m.direct"])
        #expect(!response.hasMore)
    }

    @Test func theRoomListAndHeroNamesReachTheStoreAsFromV3() throws {
        let batch = SyncBatch(try translate(Self.fixture), userID: Self.me)
        #expect(batch.members.first { $0.userID == "@bob:hs" }?.displayName == "Bob")
        #expect(batch.messages.map(\.body) == ["hello"])
        let rooms = Dictionary(uniqueKeysWithValues: batch.rooms.map { ($0.roomID, $0) })
        #expect(rooms["!general"]?.name == "General" && rooms["!general"]?.membership == .join)
        #expect(rooms["!party"]?.membership == .invite && rooms["!party"]?.isDirectInvite == true)
        #expect(rooms["!gone"]?.membership == .leave)
    }

    @Test func withoutNewToDeviceMessagesThePositionKeepsTheOneAskedFrom() throws {
        let quiet = try translate(#"{"pos": "6", "extensions": {"to_device": {"events": []}}}"#, since: "8", roomCount: 40)
        #expect(quiet.position == .sliding(SlidingSyncPosition(pos: "6", toDeviceSince: "8", roomCount: 40)), "nor a newer room count")
        let none = try translate(#"{"pos": "7"}"#, since: nil)
        #expect(none.position == .sliding(SlidingSyncPosition(pos: "7", toDeviceSince: nil)))
        #expect(none.rooms == SyncResponse.Rooms())
    }

    @Test func aKnockOrAnInviteWithoutItsStateIsNoJoinedRoom() throws {
        let response = try translate("""
            {"pos": "1", "rooms": {
              "!knocked": {"required_state": [{"type": "m.room.member", "state_key": "@alice:hs", "sender": "@alice:hs",
                                               "content": {"membership": "knock"}, "event_id": "$x", "origin_server_ts": 1}]},
              "!banned": {"timeline": [{"type": "m.room.member", "state_key": "@alice:hs", "sender": "@mod:hs",
                                        "content": {"membership": "ban"}, "event_id": "$b", "origin_server_ts": 2}]},
              "!other": {"timeline": [{"type": "m.room.member", "state_key": "@bob:hs", "sender": "@bob:hs",
                                       "content": {"membership": "leave"}, "event_id": "$y", "origin_server_ts": 3}]}}}
            """)
        #expect(response.rooms.joined.keys.sorted() == ["!other"], "someone else leaving changes nothing of ours")
        #expect(response.rooms.left.keys.sorted() == ["!banned"])
        #expect(response.rooms.invited.isEmpty)
    }

    /// Hostile or odd answers: nothing is lost, and only what cannot be read at all fails.
    @Test func oddResponsesAreReadWithoutLosingTheRest() throws {
        let odd = try decode("""
            {"pos": "9", "lists": null, "rooms": {"!a": {"timeline": [42, {"type": "m.room.message"}], "required_state": null,
              "heroes": null, "notification_count": null, "limited": null, "initial": null, "invite_state": null}},
             "extensions": {"to_device": null, "e2ee": null, "typing": {"rooms": {"!a": {"type": "m.typing", "content": "x"}}},
                            "account_data": {"global": [7, {"type": "m.direct"}]}}}
            """)
        let room = try #require(odd.rooms["!a"])
        #expect(room.timeline.count == 2 && room.timeline.allSatisfy { $0.malformedField != nil }, "shown as malformed, not dropped")
        #expect(room.inviteState == nil && room.heroes == nil && !room.limited)
        #expect(odd.listCounts.isEmpty && odd.typing.isEmpty && odd.accountData.isEmpty && odd.toDevice == nil)
        #expect(try decode(#"{"pos": "1", "lists": {"all_rooms": {}, "other": {"count": 4}}}"#).listCounts == ["other": 4])

        #expect(throws: MatrixError.self, "without pos there is nowhere to go on from") { try self.decode(#"{"rooms": {}}"#) }
        #expect(throws: MatrixError.self) { try self.decode(#"{"pos": "1", "rooms": []}"#) }
        #expect(throws: MatrixError.self) { try self.decode(#"{"pos": "1", "rooms": {"!a": {"timeline": [{"type": "x", "#) }
    }
}
