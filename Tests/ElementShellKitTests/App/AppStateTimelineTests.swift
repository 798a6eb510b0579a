import Foundation
import GRDB
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateTimelineTests {
    typealias Messaging = AppStateMessagingTests

    /// A homeserver that answers with `responses` one after another, each once `gate` is open
    /// (the first at once), then has nothing more to say.
    static func responses(_ responses: [SyncResponse], after gate: Messaging.Gate) -> SyncLoop.Request {
        let served = SyncLoopTests.Counter()
        return { _, _ throws(MatrixError) in
            let index = await served.next()
            if index > 0 { await gate.wait() }
            guard index < responses.count else {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            return responses[index]
        }
    }

    /// Brings `events` to a room as the sync loop does: committed to the store, then applied as
    /// the store numbered them. The store is written first, so a command suspended meanwhile
    /// may read them before the sync is applied.
    static func arrive(_ events: [SyncEvent], in app: AppHarness, roomID: String = "!lobby:hs") async throws {
        await app.state.apply(.synced(try await commit(events, in: app, roomID: roomID)))
    }

    /// What the sync loop commits to the store for `events`: the sync it then applies.
    static func commit(_ events: [SyncEvent], in app: AppHarness, roomID: String = "!lobby:hs", afterGap: Bool = false) async throws -> SyncResult {
        let store = try #require(app.state.store)
        let room = try #require(app.state.rooms[roomID])
        let arrivals = events.compactMap { MessageRecord(roomID: roomID, event: $0) }
        try await store.apply(SyncBatch(messages: arrivals), position: .nextBatch("s2"))
        let stored = try await store.messages(eventIDs: Set(arrivals.map(\.eventID)))
        return SyncResult(rooms: [room], messages: arrivals.compactMap { stored[$0.eventID] }, gaps: afterGap ? [roomID] : [])
    }

    static func lobby(_ events: [SyncEvent], limited: Bool, previousBatch: String, nextBatch: String) -> SyncResponse {
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: events, limited: limited, previousBatch: previousBatch)
        return SyncResponse(nextBatch: nextBatch, rooms: .init(joined: ["!lobby:hs": room]))
    }

    @Test func aGapInTheOpenRoomIsShownAndHistoryFillsItInOrder() async throws {
        let gate = Messaging.Gate()
        let afterGap = Self.lobby([Messaging.event("back again", from: "@bob:hs", at: 9_000)], limited: true, previousBatch: "g1", nextBatch: "s2")
        let asked = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.older = { _, token, _ throws(MatrixError) in
            await asked.append(token)
            switch token {
            case "g1": return OlderEvents(events: [Messaging.event("missed 2", from: "@bob:hs", at: 5_000), Messaging.event("missed 1", from: "@bob:hs", at: 4_000)], next: "g2")
            case "g2": return OlderEvents(events: [Messaging.event("earlier", from: "@bob:hs", at: 1_000)], next: nil)
            default: return OlderEvents(events: [], next: nil)
            }
        }
        let app = AppHarness(sync: Self.responses([Messaging.lobby, afterGap], after: gate), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await gate.open()
        try await waitUntil { app.state.appliedSyncCount == 2 }

        let shown = app.log.reports.compactMap { report -> String? in
            switch report.content {
            case .gap(let name): "gap in \(name.unsanitized)"
            case .message(let message): message.body.unsanitized
            default: nil
            }
        }
        #expect(shown == ["gap in Lobby", "back again"], "the gap is said before the messages after it")
        await app.state.run(line: "/history 2")
        #expect(app.log.outcomes.last.map(bodies) == ["missed 1", "missed 2"])
        await app.state.run(line: "/history 2")
        #expect(app.log.outcomes.last.map(bodies) == ["earlier"])
        #expect(await asked.values == ["p1", "g1", "g2"], "/open looked back first: the store held less than a screenful")
        await app.state.run(line: "/open Lobby")
        #expect(app.log.outcomes.last.map(bodies) == ["earlier", "missed 1", "missed 2", "back again"])
    }

    @Test func someoneWhoJoinsTheOpenRoomIsNamedFromTheirFirstMessage() async throws {
        let gate = Messaging.Gate()
        var joined = SyncResponse.JoinedRoom()
        joined.timeline = .init(events: [Messaging.member("@dan:hs", name: "Dan"), Messaging.event("hi all", from: "@dan:hs", at: 3_000)])
        let app = AppHarness(sync: Self.responses([Messaging.lobby, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": joined]))],
                                                  after: gate))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await gate.open()
        try await waitUntil { app.state.appliedSyncCount == 2 }
        let printed = app.log.reports.compactMap { if case .message(let message) = $0.content { message.senderName } else { nil } }
        #expect(printed == ["Dan"])
    }

    @Test func anOpenedRoomIsHeldInMemoryWithinTheTimelineSize() async throws {
        let gate = Messaging.Gate()
        let events = (1...60).map { Messaging.event("m\($0)", from: "@bob:hs", at: Int64($0)) }
        let arrivals = (1...40).map { Messaging.event("l\($0)", from: "@bob:hs", at: Int64(100 + $0)) }
        let later = Self.lobby(arrivals, limited: false, previousBatch: "x", nextBatch: "s2")
        let app = AppHarness(sync: Self.responses([Self.lobby(events, limited: false, previousBatch: "p", nextBatch: "s1"), later], after: gate))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(await app.state.run(line: "/set timeline_size 50"))
        await app.state.run(line: "/open 1")
        // `/open` reads only what it shows; what sync brings joins it, up to the timeline size.
        #expect(app.state.timelines["!lobby:hs"]?.messages.map(\.body) == (41...60).map { "m\($0)" })
        await gate.open()
        try await waitUntil { app.state.appliedSyncCount == 2 }
        let held = (51...60).map { "m\($0)" } + (1...40).map { "l\($0)" }
        #expect(app.state.timelines["!lobby:hs"]?.messages.map(\.body) == held)

        // With the store emptied behind its back, what the shell shows can only come from memory.
        try await #require(app.state.store).transaction { try $0.execute(sql: "DELETE FROM message") }
        await app.state.run(line: "/open 1")
        #expect(app.log.outcomes.last.map(bodies) == Array(held.suffix(20)))
        await app.state.run(line: "/history 20")
        #expect(app.log.outcomes.last.map(bodies) == Array(held.dropLast(20).suffix(20)))
        #expect(await app.state.run(line: "/set timeline_size 60"))
        #expect(app.state.timelines["!lobby:hs"]?.messages.count == 50, "a larger size does not bring dropped ones back")
        #expect(!(await app.state.run(line: "/set timeline_size 10")))
    }

    /// A sync applied while `/open` reads the store: what it brought is listed with the rest or
    /// printed after the listing, once, and nothing of the room prints before the listing. Where
    /// the two meet depends on the store's threads, so the race is run many times.
    @Test func aMessageArrivingWhileARoomOpensIsShownOnceAfterTheListing() async throws {
        for _ in 1...30 {
            let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby))
            await app.state.run(line: "/login matrix.org alice")
            try await waitUntil { app.state.syncStatus == .live }
            let opening = Task { await app.state.run(line: "/open Lobby") }
            // The timeline is in place before the store is read: `/open` is reading now.
            while app.state.timelines["!lobby:hs"] == nil { await Task.yield() }
            try await Self.arrive([Messaging.event("meanwhile", from: "@bob:hs", at: 2_000)], in: app)
            #expect(await opening.value)

            let shown = app.log.reports.compactMap { report -> [String]? in
                switch report.content {
                case .message(let message): [message.body.unsanitized]
                case .result(_, .room(.opened(_, let messages, _, _))): messages.map(\.body.unsanitized)
                default: nil
                }
            }
            #expect(shown.joined().elementsEqual(["earlier", "meanwhile"]), "\(shown)")
        }
    }

    /// An edit in the open room that sync brings while another room opens prints before that
    /// room's listing or not at all: never under it, as if it were the new room's.
    @Test func anEditOfTheRoomLeftPrintsNeverUnderTheNextRoomsListing() async throws {
        for _ in 1...30 {
            let app = AppHarness(sync: Messaging.firstSync(AppStateReadingTests.unreadLobby))
            await app.state.run(line: "/login matrix.org alice")
            try await waitUntil { app.state.syncStatus == .live }
            await app.state.run(line: "/open Lobby")
            var edited = try #require(app.state.timelines["!lobby:hs"]?.messages.last)
            edited.body = "earlier, edited"
            edited.isEdited = true
            let lobby = try #require(app.state.rooms["!lobby:hs"])

            let opening = Task { await app.state.run(line: "/open Garden") }
            while app.state.timelines["!garden:hs"] == nil { await Task.yield() }
            await app.state.apply(.synced(SyncResult(rooms: [lobby], messages: [], changedMessages: [edited])))
            #expect(await opening.value)

            let opened = try #require(app.log.reports.lastIndex { if case .result(_, .room(.opened)) = $0.content { true } else { false } })
            #expect(!app.log.reports[opened...].contains { if case .messageChanged = $0.content { true } else { false } })
        }
    }

    /// A gap that sync finds while `/history` reads the store moves `/history` to the gap, as it
    /// says: the page being read does not take it back to where it was read from. The rest of the
    /// two interleaves as the store's threads let it, so the race is run many times.
    @Test func aGapFoundWhileHistoryReadsMovesHistoryToTheGap() async throws {
        for _ in 1...30 {
            let events = (1...30).map { Messaging.event("m\($0)", from: "@bob:hs", at: Int64($0)) }
            let app = AppHarness(sync: Messaging.firstSync(Self.lobby(events, limited: false, previousBatch: "", nextBatch: "s1")))
            await app.state.run(line: "/login matrix.org alice")
            try await waitUntil { app.state.syncStatus == .live }
            await app.state.run(line: "/open 1")
            #expect(app.log.outcomes.last.map(bodies) == (11...30).map { "m\($0)" })

            let gap = try await Self.commit([Messaging.event("after the gap", from: "@bob:hs", at: 100)], in: app, afterGap: true)
            // Memory holds only what `/open` showed: the page comes from the store, which `/history` reads now.
            let paging = Task { await app.state.run(line: "/history 5") }
            await Task.yield()
            await app.state.apply(.synced(gap))
            #expect(await paging.value)
            #expect(app.log.outcomes.last.map(bodies) == (6...10).map { "m\($0)" })
            await app.state.run(line: "/history 5")
            #expect(app.log.outcomes.last.map(bodies) == (26...30).map { "m\($0)" }, "history goes on from the gap")
        }
    }

    @Test func aSlowFirstSyncIsAnnouncedAndItsEndToo() async throws {
        let gate = Messaging.Gate()
        let lobby = Messaging.lobby
        // Answered once: a server that answered every long poll at once would keep a sync loop
        // spinning, and writing to its store, for the rest of the test run.
        let clock = TestClock()
        let app = AppHarness(sync: Messaging.scriptedSync([{
            await gate.wait()
            return .success(lobby)
        }]), clock: clock, tuning: Tuning(firstSyncNoticeDelay: .milliseconds(20)))
        await app.state.run(line: "/login matrix.org alice")
        await clock.advance(toWakeWithin: .milliseconds(20))
        try await waitUntil { app.log.reports.contains { $0.content == .firstSyncUnderway } }
        guard case .catchingUp(let since) = app.state.syncStatus else { Issue.record("not syncing"); return }
        #expect(SyncStatusText.prompt(for: app.state.syncStatus, now: since.addingTimeInterval(5)) == L10n.screenPromptSyncingFor(5),
                "the prompt counts the seconds of a slow sync")
        #expect(SyncStatusText.prompt(for: app.state.syncStatus, now: since.addingTimeInterval(1)) == L10n.screenPromptSyncing,
                "a quick one shows no number")
        await gate.open()
        try await waitUntil { app.log.reports.contains { $0.content == .firstSyncFinished(roomCount: 1) } }
    }

    @Test func aQuickFirstSyncOrAResumedOneSaysNothing() async throws {
        let clock = TestClock()
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        // The notice's time comes after the sync has: it finds nothing to say.
        let notice = app.state.runtime?.firstSyncNotice
        clock.advance(by: Tuning().firstSyncNoticeDelay)
        await notice?.value
        let restarted = AppHarness(password: .missing, tuning: Tuning(firstSyncNoticeDelay: .zero), sharing: app.directory)
        await restarted.state.send(.resumeSession)
        #expect(restarted.state.runtime?.firstSyncNotice == nil, "a resumed session has synced before")
        for log in [app.log, restarted.log] {
            #expect(!log.reports.contains { $0.content == .firstSyncUnderway })
        }
    }

    func bodies(_ outcome: Outcome) -> [String] {
        switch outcome {
        case .room(.history(let messages)), .room(.opened(_, let messages, _, _)): messages.map(\.body.unsanitized)
        default: []
        }
    }
}
