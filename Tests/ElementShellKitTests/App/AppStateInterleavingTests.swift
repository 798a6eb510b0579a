import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Each command that waits for the server is held at that wait while a sync response is applied,
/// then let go on. What the app ends with (the state shown, the lines printed, the command's
/// result) must be what running the two one after the other gives, in one order or the other:
/// nothing lost, nothing shown twice, unread counts current.
@MainActor
@Suite struct AppStateInterleavingTests {
    typealias Messaging = AppStateMessagingTests

    /// Where a command waits for the server.
    enum Step: Sendable {
        case older, join, markRead, members, search, hierarchy, logIn, logOut
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        let line: String
        let step: Step
        /// Lines run before it, unheld.
        var before: [String] = ["/open Lobby"]
        var testDescription: String { line }
    }

    nonisolated static let scenarios: [Scenario] = [
        Scenario(line: "/open Lobby", step: .older, before: []),
        Scenario(line: "/history 5", step: .older),
        Scenario(line: "/join #plans:hs", step: .join),
        Scenario(line: "/read Garden", step: .markRead),
        Scenario(line: "/members", step: .members),
        Scenario(line: "/search --all news", step: .search),
        Scenario(line: "/space !team:hs", step: .hierarchy),
        Scenario(line: "/logout!", step: .logOut),
        Scenario(line: "/login matrix.org bob", step: .logIn, before: ["/open Lobby", "/logout!"]),
    ]

    enum Order: CaseIterable {
        case commandFirst, syncFirst, interleaved
    }

    @Test(arguments: scenarios)
    func aSyncAppliedWhileACommandWaitsEndsAsInSequence(_ scenario: Scenario) async throws {
        let interleaved = try await run(scenario, .interleaved)
        let commandFirst = try await run(scenario, .commandFirst)
        let syncFirst = try await run(scenario, .syncFirst)
        #expect(interleaved == commandFirst || interleaved == syncFirst,
                "\(scenario.line): interleaved \(interleaved)\n in sequence \(commandFirst)\n or \(syncFirst)")
        #expect(interleaved.shown.values.allSatisfy { $0 == 1 }, "no line shows twice")
    }

    /// What a run ends with.
    struct Outcome: Equatable, CustomStringConvertible {
        var session: String?
        var unread: [String: [Int]] = [:]
        /// The prompt's `(N)`: what a CI run once saw stay behind two new messages after `/open`.
        var promptUnread: Int?
        var currentRoomID: String?
        var memberNames: [String: String] = [:]
        var timelines: [String: [String]] = [:]
        var joinsAwaitingSync: Set<String> = []
        var shownJoinableRooms: [String] = []
        var searchResults: Set<String> = []
        /// Message bodies printed, as they arrived or in a room's or thread's listing, each with how often.
        var shown: [String: Int] = [:]
        /// The scenario command's result.
        var result: ElementShellKit.Outcome?

        var description: String {
            "session \(session ?? "-"), unread \(unread.sorted { $0.key < $1.key }), prompt \(promptUnread ?? 0), open \(currentRoomID ?? "-"), names \(memberNames), "
                + "timelines \(timelines), joining \(joinsAwaitingSync), space \(shownJoinableRooms), found \(searchResults), shown \(shown), "
                + "result \(result.map { String(describing: $0) } ?? "-")"
        }
    }

    private func run(_ scenario: Scenario, _ order: Order) async throws -> Outcome {
        let hold = Hold()
        let news = CancellableGate()
        let served = Recorder<Int>()
        let rooms = Self.roomService(holding: scenario.step, at: hold, served: served)
        var auth = FakeAuthService()
        if scenario.step == .logOut { auth.logOut = { _ throws(MatrixError) in await hold.pass() } }
        if scenario.step == .logIn {
            let logIn = auth.logIn
            auth.logIn = { url, user, password, name, device throws(MatrixError) in
                await hold.pass()
                return try await logIn(url, user, password, name, device)
            }
        }
        // Alice's first sync, then the news once the test lets it come; then nothing more.
        let (firstResponse, newsResponse) = (Self.first, Self.news)
        let sync = Messaging.scriptedSync([
            { .success(firstResponse) },
            {
                // A logout that comes first stops the request: it never answers then.
                guard await news.opens() else { return .failure(.transport(.cancelled)) }
                await served.append(1)
                return .success(newsResponse)
            },
        ])
        let app = AppHarness(auth: auth, sync: sync, roomService: rooms, clock: TestClock())
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        for line in scenario.before { #expect(await app.state.run(line: line), "\(line)") }
        let start = app.log.reports.count
        // The services the news belongs to: Alice's, even once a logout has stopped them.
        let newsGeneration = app.state.runtime?.generation ?? app.state.serviceGeneration - 1

        func deliverNews() async throws {
            if app.state.runtime?.generation != newsGeneration {
                // A logout stopped the loop that was to bring it: it comes late, from the stopped services.
                await app.state.apply(.synced(Self.newsResult), from: newsGeneration)
            } else {
                await news.open()
                try await waitUntil { app.state.appliedSyncCount == 2 }
            }
        }
        switch order {
        case .commandFirst:
            await app.state.run(line: scenario.line)
            try await deliverNews()
        case .syncFirst:
            try await deliverNews()
            await app.state.run(line: scenario.line)
        case .interleaved:
            await hold.arm()
            let command = Task { await app.state.run(line: scenario.line) }
            try await hold.reached()
            try await deliverNews()
            await hold.release()
            _ = await command.value
        }
        return outcome(of: app, since: start)
    }

    private func outcome(of app: AppHarness, since start: Int) -> Outcome {
        let state = app.state
        var outcome = Outcome(session: state.session?.userID, currentRoomID: state.currentRoomID, memberNames: state.memberNames,
                              joinsAwaitingSync: state.joinsAwaitingSync, shownJoinableRooms: state.shownJoinableRooms.map(\.roomID),
                              searchResults: Set(state.fetchedMessages.keys))
        for room in state.rooms.values { outcome.unread[room.roomID] = [room.notificationCount, room.highlightCount] }
        outcome.promptUnread = state.promptValues().unread
        for (roomID, timeline) in state.timelines { outcome.timelines[roomID] = timeline.messages.map(\.eventID) }
        for report in app.log.reports[start...] {
            switch report.content {
            case .message(let view): outcome.shown[view.body.unsanitized, default: 0] += 1
            case .result(_, let result):
                outcome.result = result
                if case .room(.opened(_, let messages, _, _)) = result {
                    for message in messages { outcome.shown[message.body.unsanitized, default: 0] += 1 }
                }
            default: break
            }
        }
        return outcome
    }

    // MARK: The homeserver

    /// The lobby (one message, older ones on the server), a garden with an unread message, and a space.
    static var first: SyncResponse {
        var response = AppStateReadingTests.unreadLobby
        var team = SyncResponse.JoinedRoom()
        team.state = [SyncEvent(type: "m.room.create", sender: "@bob:hs", stateKey: "", content: .object(["type": .string("m.space")])),
                      SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string("Team")]))]
        response.rooms.joined["!team:hs"] = team
        return response
    }

    /// What comes while the command waits: a message and a new member in the lobby, two messages
    /// in the garden (three unread now, one a mention).
    static var news: SyncResponse {
        var lobby = SyncResponse.JoinedRoom()
        lobby.state = [Messaging.member("@carol:hs", name: "Carol")]
        lobby.timeline = .init(events: [Messaging.event("news in the lobby", from: "@carol:hs", at: 3_000)])
        lobby.unreadNotifications = .init(notificationCount: 4, highlightCount: 1)
        var garden = SyncResponse.JoinedRoom()
        garden.timeline = .init(events: [Messaging.event("news in the garden", from: "@bob:hs", at: 3_100),
                                         Messaging.event("more news in the garden", from: "@bob:hs", at: 3_200)])
        garden.unreadNotifications = .init(notificationCount: 3, highlightCount: 1)
        return SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": lobby, "!garden:hs": garden]))
    }

    /// The news as a stopped session's sync would have reported it.
    static var newsResult: SyncResult {
        var garden = RoomRecord(roomID: "!garden:hs", membership: .join)
        (garden.name, garden.notificationCount, garden.highlightCount) = ("Garden", 3, 1)
        let message = MessageRecord(roomID: "!garden:hs", event: Messaging.event("news in the garden", from: "@bob:hs", at: 3_100))
        return SyncResult(rooms: [garden], messages: message.map { [$0] } ?? [])
    }

    /// A room service whose `step` passes `hold`. Answers are made before the wait, as a server
    /// answers before the sync that comes meanwhile: what the command gets may be older than it.
    nonisolated static func roomService(holding step: Step, at hold: Hold, served: Recorder<Int>) -> FakeRoomService {
        var rooms = FakeRoomService()
        let pages = SyncLoopTests.Counter()
        rooms.older = { _, _, _ throws(MatrixError) in
            let page = await pages.next()
            let answer = OlderEvents(events: [Messaging.event("older \(page)", from: "@bob:hs", at: Int64(500 - page * 10))],
                                     next: page == 0 ? "p2" : nil)
            if step == .older { await hold.pass() }
            return answer
        }
        rooms.joinRoom = { _ throws(MatrixError) in
            if step == .join { await hold.pass() }
            return "!plans:hs"
        }
        rooms.read = { _, _, _ throws(MatrixError) in
            if step == .markRead { await hold.pass() }
        }
        rooms.members = { _ throws(MatrixError) in
            let answer: [String: String?] = await served.values.isEmpty ? ["@bob:hs": "Bob", "@alice:example": "Alice"]
                : ["@bob:hs": "Bob", "@alice:example": "Alice", "@carol:hs": "Carol"]
            if step == .members { await hold.pass() }
            return answer
        }
        rooms.searching = { _, _ throws(MatrixError) in
            let found = await served.values.isEmpty ? [] : [Messaging.event("news in the lobby", from: "@carol:hs", at: 3_000)]
            if step == .search { await hold.pass() }
            return found.map { event in
                var event = event
                event.roomID = "!lobby:hs"
                return event
            }
        }
        rooms.hierarchyPage = { _, _ throws(MatrixError) in
            let page = SpaceHierarchyPage(rooms: [SpaceRoom(roomID: "!team:hs", name: "Team", isSpace: true, children: ["!garden:hs": ["hs"]]),
                                                  SpaceRoom(roomID: "!garden:hs", name: "Garden")], next: nil)
            if step == .hierarchy { await hold.pass() }
            return page
        }
        return rooms
    }
}

/// A step of the fake server that a test holds: once armed, the next call to pass it waits there
/// until released, and the test learns it arrived.
actor Hold {
    private var isArmed = false
    private let arrivals = Recorder<Int>()
    private let gate = AppStateMessagingTests.Gate()

    func arm() {
        isArmed = true
    }

    func pass() async {
        guard isArmed else { return }
        isArmed = false
        await arrivals.append(1)
        await gate.wait()
    }

    /// Until a call is held.
    func reached() async throws {
        try await arrivals.wait(forCount: 1)
    }

    func release() async {
        await gate.open()
    }
}

/// A gate whose waiters also go when their task is cancelled.
actor CancellableGate {
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var isOpen = false
    private var nextID = 0

    /// True once the gate opens; false if the task was cancelled first.
    func opens() async -> Bool {
        if isOpen { return true }
        let id = nextID
        nextID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume(returning: false) } else { waiters[id] = continuation }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    func open() {
        isOpen = true
        for waiter in waiters.values { waiter.resume(returning: true) }
        waiters.removeAll()
    }

    private func cancel(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(returning: false)
    }
}
