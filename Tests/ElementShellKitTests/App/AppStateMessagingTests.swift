import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateMessagingTests {
    /// A homeserver that answers the first sync with `response`, then has nothing more to say.
    static func firstSync(_ response: SyncResponse) -> SyncLoop.Request {
        scriptedSync([{ .success(response) }])
    }

    /// A homeserver that answers the n-th sync request with the n-th of `answers`, then has
    /// nothing more to say: each further request waits until it is cancelled.
    static func scriptedSync(_ answers: [@Sendable () async -> Result<SyncResponse, MatrixError>]) -> SyncLoop.Request {
        let served = SyncLoopTests.Counter()
        return { _, _ throws(MatrixError) in
            let index = await served.next()
            guard index < answers.count else {
                await suspendUntilCancelled()
                throw .transport(.cancelled)
            }
            return try await answers[index]().get()
        }
    }

    nonisolated static func event(_ body: String, from sender: String, at time: Int64, transactionID: String? = nil) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: "$\(body)", sender: sender, originServerTS: time,
                  content: .object(["msgtype": .string("m.text"), "body": .string(body)]),
                  unsigned: transactionID.map { .object(["transaction_id": .string($0)]) })
    }

    static func member(_ userID: String, name: String) -> SyncEvent {
        SyncEvent(type: "m.room.member", sender: userID, stateKey: userID,
                  content: .object(["membership": .string("join"), "displayname": .string(name)]))
    }

    static var lobby: SyncResponse {
        var room = SyncResponse.JoinedRoom()
        room.state = [SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string("Lobby")])),
                      member("@bob:hs", name: "Bob"), member("@alice:example", name: "Alice")]
        room.timeline = .init(events: [event("earlier", from: "@bob:hs", at: 1_000)], limited: true, previousBatch: "p1")
        return SyncResponse(nextBatch: "s1", rooms: .init(joined: ["!lobby:hs": room]))
    }

    @Test func openingARoomShowsItsLatestMessagesWithNames() async throws {
        let app = AppHarness(sync: Self.firstSync(Self.lobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(!(await app.state.run(line: "/open nowhere")))
        #expect(app.log.failures == [.unknownRoom("nowhere")])
        #expect(await app.state.run(line: "/open lob"))
        #expect(app.state.currentRoomID == "!lobby:hs")
        guard case .room(.opened("Lobby", let messages, nil, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(messages.map(\.body) == ["earlier"])
        #expect(messages.first?.senderName == "Bob")
        #expect(app.state.promptValues().room == "Lobby")
    }

    @Test func refusedMessagesWaitInTheQueueForResendOrCancel() async throws {
        let refusing = RefusalSwitch()
        let sent = Recorder<String>()
        let app = AppHarness(sync: Self.firstSync(Self.lobby), send: { entry throws(MatrixError) in
            if await refusing.isOn { throw .forbidden(message: "muted") }
            await sent.append(entry.body)
            return "$ok"
        })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "first")
        await app.state.run(line: "second")
        let store = try #require(app.state.store)
        // Each refusal is reported once the message is set aside.
        try await waitUntil { app.state.sendReportCount >= 2 }
        #expect(try await store.outbox().allSatisfy(\.failed))
        await app.state.run(line: "/queue")
        guard case .queue(.list(let queued))? = app.log.outcomes.last else { Issue.record("no queue"); return }
        #expect(queued.map(\.entry.body) == ["first", "second"] && queued.allSatisfy(\.entry.failed) && queued[0].roomName == "Lobby")

        #expect(await app.state.run(line: "/cancel 2"))
        await refusing.turnOff()
        #expect(await app.state.run(line: "/resend"))
        #expect(app.log.outcomes.last == .queue(.resent(count: 1)))
        try await sent.wait(forCount: 1)
        #expect(await sent.values == ["first"])
        #expect(!(await app.state.run(line: "/cancel 5")))
        #expect(app.log.failures.last == .unknownQueueNumber(5))
    }

    actor RefusalSwitch {
        var isOn = true
        func turnOff() { isOn = false }
    }

    /// A message past the event size limit never enters the outbox (the server would refuse it
    /// for ever): it is refused at once, and what was typed stays as the room's draft.
    @Test func aMessageTooLargeToSendIsRefusedAndKeptAsTheDraft() async throws {
        let app = AppHarness(sync: Self.firstSync(Self.lobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        let pasted = String(repeating: "a long line of pasted text ", count: 2_600)
        #expect(!(await app.state.run(line: pasted)))
        guard case .messageTooLarge(let bytes, let limit)? = app.log.failures.last else { Issue.record("taken: \(app.log.failures)"); return }
        #expect(bytes > 70_000 && limit == EventSizeLimit.contentBytes)
        #expect(try await #require(app.state.store).outbox().isEmpty)
        await app.state.run(line: "/draft")
        #expect(app.log.outcomes.last == .draft(.shown(pasted)), "nothing typed is lost")
        let message = ErrorMessages.message(for: .messageTooLarge(bytes: bytes, limit: limit))
        #expect(message.contains("/upload") && message.contains("/draft"), "says how to send it and where it is: \(message)")
        // Longer than a terminal is wide: broken at words, "/draft" whole.
        let lines = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)), width: 60)
            .lines(for: .failure(.messageTooLarge(bytes: bytes, limit: limit)))
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(lines.joined(separator: " ") == "Error: " + message)

        #expect(await app.state.run(line: String(repeating: "x", count: 60_000)), "a large message within the limit goes")
        guard case .message(.queued(let queued))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(queued.body.unsanitized.count == 60_000)
    }

    @Test func draftsAreKeptPerRoomClearedOnSendAndSurviveARestartButNotALogout() async throws {
        let app = AppHarness(sync: Self.firstSync(Self.lobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(!(await app.state.run(line: "/draft nowhere")), "a draft belongs to a room")
        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/draft see you at 5"))
        await app.state.run(line: "/draft")
        #expect(app.log.outcomes.last == .draft(.shown("see you at 5")))
        await app.state.run(line: "/drafts")
        #expect(app.log.outcomes.last == .draft(.list([DraftView(roomID: "!lobby:hs", roomName: "Lobby", body: "see you at 5")])))

        let restarted = AppHarness(sync: Self.firstSync(Self.lobby), sharing: app.directory)
        await restarted.state.send(.resumeSession)
        try await waitUntil { restarted.state.syncStatus == .live }
        await restarted.state.run(line: "/open Lobby")
        guard case .room(.opened(_, _, let draft, _))? = restarted.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(draft == "see you at 5", "opening the room hands its draft to the input line")

        await restarted.state.run(line: "see you at 5")
        await restarted.state.run(line: "/draft")
        #expect(restarted.log.outcomes.last == .draft(.shown(nil)), "sending cleared it when the message entered the outbox")
        await restarted.state.run(line: "/draft later")
        await restarted.state.run(line: "/logout!")
        await restarted.state.run(line: "/login matrix.org alice")
        await restarted.state.run(line: "/drafts")
        #expect(restarted.log.outcomes.last == .draft(.list([])), "a logout takes the session's drafts with it")
    }

    @Test func openFillsAShortRoomFromTheServerAndHistoryGoesOnToTheBeginning() async throws {
        let asked = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.older = { _, token, _ throws(MatrixError) in
            await asked.append(token)
            guard token == "p1" else { return OlderEvents(events: [], next: nil) }
            return OlderEvents(events: [Self.event("second", from: "@bob:hs", at: 500), Self.event("first", from: "@bob:hs", at: 400)], next: "p2")
        }
        let app = AppHarness(sync: Self.firstSync(Self.lobby), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(!(await app.state.run(line: "/history")), "history needs an open room")
        // Sync brought one message, and the way back: /open looks back before it shows the room.
        await app.state.run(line: "/open Lobby")
        guard case .room(.opened(_, let shown, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(shown.map(\.body) == ["first", "second", "earlier"], "oldest first")
        #expect(await asked.values == ["p1"])
        #expect(await app.state.run(line: "/history 5"))
        #expect(app.log.outcomes.last == .room(.history([])))
        #expect(await asked.values == ["p1", "p2"])

        // Opened again, the store has all of it, in order, and knows the beginning is reached.
        await app.state.run(line: "/open Lobby")
        guard case .room(.opened(_, let all, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(all.map(\.body) == ["first", "second", "earlier"])
        await app.state.run(line: "/history 2")
        #expect(app.log.outcomes.last == .room(.history([])))
        #expect(await asked.values == ["p1", "p2"], "no request once the beginning is known")
    }

    @Test func membersNameAndTopic() async throws {
        let changes = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.members = { _ throws(MatrixError) in ["@bob:hs": "Bob", "@alice:example": "Alice", "@carol:hs": nil] }
        rooms.texts = { kind, roomID, text throws(MatrixError) in await changes.append("\(kind.rawValue) \(roomID) \(text)") }
        let app = AppHarness(sync: Self.firstSync(Self.lobby), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(!(await app.state.run(line: "/members")), "a room must be open")
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "/members")
        #expect(app.log.outcomes.last == .room(.members([MemberEntry(userID: "@carol:hs", name: "@carol:hs"),
                                                   MemberEntry(userID: "@alice:example", name: "Alice"),
                                                   MemberEntry(userID: "@bob:hs", name: "Bob")])))
        await app.state.run(line: "/name")
        #expect(app.log.outcomes.last == .room(.text(.name, "Lobby")))
        await app.state.run(line: "/topic")
        #expect(app.log.outcomes.last == .room(.text(.topic, nil)))
        #expect(await app.state.run(line: "/topic Plans for Friday"))
        #expect(await changes.values == ["topic !lobby:hs Plans for Friday"])
    }

    @Test func joiningOpensTheRoomAndLeavingClosesIt() async throws {
        let left = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.leaveRoom = { roomID throws(MatrixError) in await left.append(roomID) }
        let app = AppHarness(sync: Self.firstSync(Self.lobby), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(!(await app.state.run(line: "/join general")))
        #expect(app.log.failures == [.invalidRoomAddress("general")])
        #expect(await app.state.run(line: "/join https://matrix.to/#/!new:hs?via=hs"))
        #expect(app.state.currentRoomID == "!new:hs")
        #expect(await app.state.run(line: "/leave"), "a room just joined can be left before sync brings it")
        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/leave"))
        #expect(app.state.currentRoomID == nil)
        #expect(!(await app.state.run(line: "/leave")))
        #expect(await left.values == ["!new:hs", "!lobby:hs"])
    }

    @Test func aPlainLineGoesToTheOutboxFirstThenLeavesItWhenSent() async throws {
        let sent = Recorder<String>()
        let app = AppHarness(sync: Self.firstSync(Self.lobby), send: { entry throws(MatrixError) in
            await sent.append(entry.body)
            return "$\(entry.transactionID)"
        })
        #expect(!(await app.state.run(line: "hello")), "no room is open before login")
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open 1")
        #expect(await app.state.run(line: "good morning"))
        guard case .message(.queued(let echo))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(echo.isPending && echo.body == "good morning" && echo.senderName == "Alice" && echo.msgtype == "m.text")
        #expect(await app.state.run(line: "/me waves"))
        guard case .message(.queued(let emote))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(emote.msgtype == "m.emote")
        // Each is reported once it has left the outbox.
        try await waitUntil { app.state.sendReportCount >= 2 }
        #expect(await sent.values == ["good morning", "waves"])
        let store = try #require(app.state.store)
        #expect(try await store.outbox().isEmpty)
    }

    @Test func whenSyncIsBackTheOutboxDoesNotWaitOutItsRetryDelay() async throws {
        let clock = TestClock()
        let attempts = Recorder<String>()
        let lobby = Self.lobby
        let app = AppHarness(sync: Self.scriptedSync([
            { .success(lobby) },
            {
                // The server goes away once the message has failed to go...
                try? await attempts.wait(forCount: 1)
                return .failure(.transport(.timedOut))
            },
            { .success(SyncResponse(nextBatch: "s3")) }, // ...and comes back.
        ]), send: { entry throws(MatrixError) in
            await attempts.append(entry.body)
            if await attempts.values.count == 1 { throw .limitExceeded(retryAfterMilliseconds: 60_000) }
            return "$sent"
        }, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open 1")
        await app.state.run(line: "hello")
        // Sync's first retry comes within a second of its failure; the message's own delay is a minute.
        try await waitUntil { app.state.syncStatus.isRetrying }
        clock.advance(by: .seconds(1))
        try await attempts.wait(forCount: 2)
        #expect(await attempts.values == ["hello", "hello"], "sent again as soon as sync was back, not a minute later")
    }

    @Test func messagesOfTheCurrentRoomPrintAndOurEchoesDoNot() async throws {
        let sent = Recorder<String>()
        let first = Self.lobby
        let gate = Gate()
        let clock = TestClock()
        let app = AppHarness(sync: Self.scriptedSync([
            { .success(first) },
            {
                await gate.wait()
                // Ours of this run, echoed; ours of an earlier run (its transaction ID is not this
                // run's), which this run has not shown; and one from Bob.
                var later = SyncResponse.JoinedRoom()
                later.timeline = .init(events: [Self.event("from an earlier run", from: "@alice:example", at: 1_900, transactionID: "t-earlier"),
                                                Self.event("hi alice", from: "@bob:hs", at: 2_000),
                                                Self.event("mine", from: "@alice:example", at: 2_100, transactionID: await sent.values.first)])
                return .success(SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": later])))
            },
        ]), send: { entry throws(MatrixError) in
            await sent.append(entry.transactionID)
            return "$mine"
        }, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "mine")
        try await sent.wait(forCount: 1)
        async let timedOut = app.state.run(line: "/wait message hi --timeout 0.1")
        await clock.advance(toWakeWithin: .milliseconds(100))
        #expect(!(await timedOut), "nothing has arrived yet")
        async let waited = app.state.run(line: "/wait message alice --timeout 5")
        await gate.open()
        #expect(await waited, "the wait ends when a message containing the text arrives")
        try await waitUntil { app.state.appliedSyncCount == 2 }
        let printed = app.log.reports.compactMap { if case .message(let message) = $0.content { message.body } else { nil } }
        #expect(printed == ["from an earlier run", "hi alice"])
    }

    actor Gate {
        private var waiters: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false
        func wait() async {
            guard !isOpen else { return }
            await withCheckedContinuation { waiters.append($0) }
        }
        func open() {
            isOpen = true
            waiters.forEach { $0.resume() }
            waiters.removeAll()
        }
    }
}
