import Foundation
import MatrixJSON
import Testing
@testable import MatrixClient

/// What a sync tells the app to ring or tell of: per room, the newest new message that notifies,
/// how many were mentions, and whether any asked for attention.
@Suite struct PushAlertTests {
    typealias Unread = UnreadCountingTests
    let directory = TemporaryDirectory()

    @Test func eachRoomNamesItsNewestNotifyingMessageAndCountsItsMentions() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let lobby: [SyncEvent] = [Unread.message("hi", at: 1), Unread.message("ping", at: 2, mentions: [Unread.me]),
                                  Unread.message("alice, look", at: 3), Unread.message("mine", from: Unread.me, at: 4),
                                  Unread.message("fyi", at: 5, msgtype: "m.notice")]
        let rooms = SyncResponse.Rooms(joined: [
            "!lobby": .init(timeline: .init(events: lobby)),
            "!quiet": .init(timeline: .init(events: [Unread.message("yo", from: "@cy:hs", at: 6)])),
            "!notices": .init(timeline: .init(events: [Unread.message("build passed", at: 7, msgtype: "m.notice")])),
            "!ignored": .init(timeline: .init(events: [Unread.message("spam", from: "@mallory:hs", at: 8)])),
        ])
        let response = IgnoredUsersTests.ignoring(["@mallory:hs"], SyncResponse(nextBatch: "s1", rooms: rooms))
        let alerts = try await store.apply(response, userID: Unread.me).alerts

        #expect(Set(alerts.keys) == ["!lobby", "!quiet"], "notices, one's own and the ignored notify nothing")
        #expect(alerts["!lobby"]?.newest.body == "alice, look", "the newest that notifies, not one's own or a notice")
        #expect(alerts["!lobby"]?.newest.seq != nil, "as stored")
        #expect(alerts["!lobby"]?.mentions == 2 && alerts["!lobby"]?.asksForAttention == true, "a listed mention and the name as a word")
        #expect(alerts["!quiet"]?.newest.body == "yo" && alerts["!quiet"]?.mentions == 0)
        #expect(alerts["!quiet"]?.asksForAttention == false, "a group room's message notifies without a sound")

        let again = try await store.apply(SyncResponse(nextBatch: "s2", rooms: rooms), userID: Unread.me)
        #expect(again.alerts.isEmpty, "messages the store had already are no news")
    }

    /// A sync large enough to be judged in chunks, on another core ahead of the writer: each
    /// message is judged in its own room, by the user's name there, and its result lands on that
    /// message.
    @Test func aLargeSyncJudgesEachMessageInItsOwnRoom() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let roomCount = 40, perRoom = 150
        var joined: [String: SyncResponse.JoinedRoom] = [:]
        for room in 0..<roomCount {
            let me = SyncEvent(type: "m.room.member", eventID: "$me\(room)", sender: Unread.me, stateKey: Unread.me,
                               content: ["membership": "join", "displayname": .string("Name\(room)")])
            // Every seventh message, a different one in each room, names the user as this room knows
            // them; the others name them as the next room does, which is no mention here.
            let messages = (0..<perRoom).map { index in
                Unread.message("r\(room)m\(index) hello Name\(index % 7 == room % 7 ? room : room + 1)", at: Int64(index))
            }
            joined[String(format: "!room%02d", room)] = .init(state: [me], timeline: .init(events: messages))
        }
        #expect(roomCount * perRoom > 10 * JudgingAhead.chunkSize, "many chunks, most of them judged on another core")

        let alerts = try await store.apply(SyncResponse(nextBatch: "s1", rooms: .init(joined: joined)), userID: Unread.me).alerts

        for room in 0..<roomCount {
            let named = (0..<perRoom).filter { $0 % 7 == room % 7 }
            let alert = try #require(alerts[String(format: "!room%02d", room)])
            #expect(alert.mentions == named.count, "room \(room)")
            #expect(alert.newest.body == "r\(room)m\(perRoom - 1) hello Name\((perRoom - 1) % 7 == room % 7 ? room : room + 1)")
        }
    }

    /// Who may mention the whole room is judged by the power levels as each batch left them:
    /// brought whole in the batch (with the room's create event), read from the store in a later
    /// one, or brought without the create event, or the create event without them: the store
    /// keeps the half a batch does not bring.
    @Test func aRoomMentionCountsFromThoseTheLevelsAllow() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let create = SyncEvent(type: "m.room.create", eventID: "$create", sender: "@carol:hs", stateKey: "",
                               content: ["room_version": "10", "creator": "@carol:hs"])
        func levels(dan: Int64) -> SyncEvent {
            SyncEvent(type: "m.room.power_levels", eventID: "$levels\(dan)", sender: "@carol:hs", stateKey: "",
                      content: ["users": ["@carol:hs": 100, "@bob:hs": 50, "@dan:hs": .integer(dan)], "notifications": ["room": 50]])
        }
        func everyone(_ body: String, from sender: String, at time: Int64) -> SyncEvent {
            SyncEvent(type: "m.room.message", eventID: "$\(body)", sender: sender, originServerTS: time,
                      content: ["msgtype": "m.text", "body": .string(body), "m.mentions": ["room": true]])
        }
        func mentions(_ state: [SyncEvent], _ timeline: [SyncEvent], batch: String) async throws -> Int? {
            let rooms = SyncResponse.Rooms(joined: ["!r": .init(state: state, timeline: .init(events: timeline))])
            return try await store.apply(SyncResponse(nextBatch: batch, rooms: rooms), userID: Unread.me).alerts["!r"]?.mentions
        }

        #expect(try await mentions([create, levels(dan: 0)], [everyone("bob 1", from: "@bob:hs", at: 1), everyone("dan 1", from: "@dan:hs", at: 2)], batch: "s1") == 1)
        #expect(try await mentions([], [everyone("bob 2", from: "@bob:hs", at: 3), everyone("dan 2", from: "@dan:hs", at: 4)], batch: "s2") == 1)
        #expect(try await mentions([levels(dan: 50)], [everyone("dan 3", from: "@dan:hs", at: 5)], batch: "s3") == 1)
        #expect(try await mentions([levels(dan: 0)], [everyone("dan 4", from: "@dan:hs", at: 6)], batch: "s4") == 0)
        #expect(try await mentions([create], [everyone("bob 5", from: "@bob:hs", at: 7)], batch: "s5") == 1,
                "a create event alone leaves the stored levels standing")
    }
}
