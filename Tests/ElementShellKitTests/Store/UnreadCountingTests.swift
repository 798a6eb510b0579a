import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Where the server keeps no unread counts (sliding sync on Synapse), the store counts them.
@Suite struct UnreadCountingTests {
    static let me = "@alice:hs"
    let directory = TemporaryDirectory()

    static func message(_ body: String, from sender: String = "@bob:hs", at time: Int64, msgtype: String = "m.text",
                        mentions: [String]? = nil) -> SyncEvent {
        var content: [String: JSONValue] = ["msgtype": .string(msgtype), "body": .string(body)]
        if let mentions { content["m.mentions"] = .object(["user_ids": .array(mentions.map { .string($0) })]) }
        return SyncEvent(type: "m.room.message", eventID: "$\(body)", sender: sender, originServerTS: time, content: .object(content))
    }

    /// A sliding sync response for `!a`: its timeline, and the user's own read receipt when given.
    static func sliding(_ events: [SyncEvent], readAt: Int64? = nil, pos: String) -> SyncResponse {
        var rooms = SyncResponse.Rooms(joined: ["!a": .init(timeline: .init(events: events), unreadNotifications: nil)])
        if let readAt { rooms.ownReadTimes["!a"] = readAt }
        return SyncResponse(position: .sliding(SlidingSyncPosition(pos: pos, toDeviceSince: nil)), rooms: rooms)
    }

    func counts(after responses: [SyncResponse]) async throws -> (Int, Int) {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        var room: RoomRecord?
        for response in responses {
            room = try await store.apply(response, userID: Self.me).rooms.first { $0.roomID == "!a" }
        }
        let stored = try await store.room("!a")
        #expect(stored?.notificationCount == room?.notificationCount && stored?.highlightCount == room?.highlightCount,
                "what the app is told is what the store holds")
        return (room?.notificationCount ?? -1, room?.highlightCount ?? -1)
    }

    @Test func othersMessagesCountAndMentionsHighlight() async throws {
        let counted = try await counts(after: [
            Self.sliding([Self.message("hi", at: 1), Self.message("mine", from: Self.me, at: 2)], pos: "1"),
            Self.sliding([Self.message("ping", at: 3, mentions: [Self.me]), Self.message("fyi", at: 4, msgtype: "m.notice"),
                          Self.message("alice, look", at: 5), Self.message("malice aforethought", at: 6),
                          Self.message("listed, not me", at: 7, mentions: ["@cy:hs"])], pos: "2"),
        ])
        #expect(counted == (5, 2), "own messages and notices do not count; a listed mention, or the name as a word, highlights")
    }

    @Test func theSameMessageTwiceCountsOnce() async throws {
        let hello = Self.message("hello", at: 1)
        #expect(try await counts(after: [Self.sliding([hello], pos: "1"), Self.sliding([hello], pos: "2")]) == (1, 0))
    }

    @Test func messagesAGapTookAndThatComeAgainAreNotCountedTwice() async throws {
        // Skipping events, and missing the newest one the store saw: a gap, though it repeats "one".
        var later = Self.sliding([Self.message("one", at: 1), Self.message("three", at: 3)], pos: "2")
        later.rooms.joined["!a"]?.timeline.limited = true
        later.rooms.joined["!a"]?.timeline.previousBatch = "t1"
        let counted = try await counts(after: [Self.sliding([Self.message("one", at: 1), Self.message("two", at: 2)], pos: "1"), later])
        #expect(counted == (3, 0))
    }

    @Test func anOwnReadReceiptCountsAgainFromWhenTheUserRead() async throws {
        let counted = try await counts(after: [
            Self.sliding([Self.message("one", at: 10), Self.message("two", at: 20, mentions: [Self.me])], pos: "1"),
            // Read on another device at 25, after which a third came.
            Self.sliding([Self.message("three", at: 30)], readAt: 25, pos: "2"),
        ])
        #expect(counted == (1, 0))
        // A receipt alone: the room is told although nothing else of it changed.
        var receiptOnly = SyncResponse(position: .sliding(SlidingSyncPosition(pos: "3", toDeviceSince: nil)))
        receiptOnly.rooms.ownReadTimes["!a"] = 40
        #expect(try await counts(after: [receiptOnly]) == (0, 0), "read up to now")
    }

    @Test func messagesFromBeforeTheReceiptDoNotCount() async throws {
        let counted = try await counts(after: [
            Self.sliding([], readAt: 50, pos: "1"),
            Self.sliding([Self.message("late echo", at: 40), Self.message("new", at: 60)], pos: "2"),
        ])
        #expect(counted == (1, 0))
    }

    @Test func theServersCountsStandWhereItKeepsThem() async throws {
        var room = SyncResponse.JoinedRoom(timeline: .init(events: [Self.message("hi", at: 1)]))
        room.unreadNotifications = .init(notificationCount: 7, highlightCount: 3)
        #expect(try await counts(after: [SyncResponse(nextBatch: "s1", rooms: .init(joined: ["!a": room]))]) == (7, 3))
    }

    /// The account's rules as Element writes them: `!a` at "mentions and keywords", a keyword.
    static let mentionsAndKeywords: JSONValue = {
        guard case .object(var global) = PushRuleSet.defaultsJSON(for: me)["global"] ?? [:] else { return [:] }
        global["room"] = [["rule_id": "!a", "default": false, "enabled": true, "actions": []]]
        global["content"] = .array([["rule_id": "deploy", "default": false, "enabled": true, "pattern": "deploy",
                                     "actions": ["notify", ["set_tweak": "highlight"]]]] + (global["content"]?.array ?? []))
        return ["global": .object(global)]
    }()

    static func withRules(_ response: SyncResponse, _ rules: JSONValue) -> SyncResponse {
        var response = response
        response.accountData[PushRuleSet.accountDataType] = rules
        return response
    }

    @Test func theAccountsPushRulesDecideWhatCounts() async throws {
        let counted = try await counts(after: [
            Self.withRules(Self.sliding([Self.message("hi", at: 1), Self.message("Deploy done", at: 2),
                                         Self.message("ping", at: 3, mentions: [Self.me])], pos: "1"), Self.mentionsAndKeywords),
        ])
        #expect(counted == (2, 2), "a keyword notifies as a mention does; plain messages do not count at this level")
    }

    @Test func aChangeOfRulesCountsFromTheBatchThatBringsIt() async throws {
        let counted = try await counts(after: [
            Self.sliding([Self.message("one", at: 1)], pos: "1"),
            Self.withRules(Self.sliding([Self.message("two", at: 2)], pos: "2"), Self.mentionsAndKeywords),
        ])
        #expect(counted == (1, 0))
        // A receipt counts again from the store, by what the rules said when each message came.
        var receipt = SyncResponse(position: .sliding(SlidingSyncPosition(pos: "3", toDeviceSince: nil)))
        receipt.rooms.ownReadTimes["!a"] = 0
        #expect(try await counts(after: [receipt]) == (1, 0))
    }

    /// A room marked unread is unread whatever its counts, in this client and others; the mark
    /// may come for a room the response brings nothing else of, under either name.
    @Test func aMarkStandsUntilItIsTakenAway() async throws {
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.apply(Self.sliding([Self.message("hi", at: 1)], readAt: 5, pos: "1"), userID: Self.me)
        var marked = SyncResponse(position: .sliding(SlidingSyncPosition(pos: "2", toDeviceSince: nil)))
        marked.rooms.accountData["!a"] = ["com.famedly.marked_unread": ["unread": true]]
        let told = try await store.apply(marked, userID: Self.me).rooms.first { $0.roomID == "!a" }
        #expect(told?.isMarkedUnread == true && told?.isUnread == true && told?.notificationCount == 0)
        #expect(try await store.room("!a")?.isMarkedUnread == true)
        // A later timeline keeps the mark; the stable name wins over the older one.
        try await store.apply(Self.sliding([Self.message("later", from: Self.me, at: 9)], pos: "3"), userID: Self.me)
        #expect(try await store.room("!a")?.isMarkedUnread == true)
        var cleared = SyncResponse(position: .sliding(SlidingSyncPosition(pos: "4", toDeviceSince: nil)))
        cleared.rooms.accountData["!a"] = ["m.marked_unread": ["unread": false], "com.famedly.marked_unread": ["unread": true]]
        try await store.apply(cleared, userID: Self.me)
        #expect(try await store.room("!a")?.isMarkedUnread == false)
    }
}
