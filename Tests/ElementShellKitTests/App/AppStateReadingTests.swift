import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Receipts, read markers and typing, over fakes.
@MainActor
@Suite struct AppStateReadingTests {
    struct Receipt: Equatable, Sendable {
        var eventID: String
        var roomID: String
        var type: ReceiptType
    }

    struct TypingCall: Equatable, Sendable {
        var isTyping: Bool
        var roomID: String
    }

    /// The lobby of the messaging tests, with three unread messages and a mention, and a second
    /// room nobody has read either.
    static var unreadLobby: SyncResponse {
        var response = AppStateMessagingTests.lobby
        response.rooms.joined["!lobby:hs"]?.unreadNotifications = .init(notificationCount: 3, highlightCount: 1)
        var other = SyncResponse.JoinedRoom()
        other.state = [SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string("Garden")]))]
        other.timeline = .init(events: [AppStateMessagingTests.event("roses", from: "@bob:hs", at: 500)])
        other.unreadNotifications = .init(notificationCount: 1)
        response.rooms.joined["!garden:hs"] = other
        var quiet = SyncResponse.JoinedRoom()
        quiet.state = [SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string("Attic")]))]
        response.rooms.joined["!attic:hs"] = quiet
        return response
    }

    func loggedIn(receipts: Recorder<Receipt>, typing: Recorder<TypingCall> = Recorder(),
                  failing: Bool = false, clock: any ShellClock = TestClock()) async throws -> AppHarness {
        var service = FakeRoomService()
        service.read = { eventID, roomID, type throws(MatrixError) in
            if failing { throw .forbidden(message: "no") }
            await receipts.append(Receipt(eventID: eventID, roomID: roomID, type: type))
        }
        service.typing = { isTyping, roomID throws(MatrixError) in
            if failing { throw .forbidden(message: "no") }
            await typing.append(TypingCall(isTyping: isTyping, roomID: roomID))
        }
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(Self.unreadLobby), roomService: service, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    @Test func openingARoomMarksItsNewestMessageReadAMomentLater() async throws {
        let receipts = Recorder<Receipt>()
        let clock = TestClock()
        let app = try await loggedIn(receipts: receipts, clock: clock)
        #expect(app.state.promptValues().unread == 4)
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await receipts.values.isEmpty, "the receipt waits, for what arrives meanwhile")
        await clock.sleepers(atLeast: 1)
        clock.advance(by: Tuning().readMarkDelay)
        try await receipts.wait(forCount: 1)
        #expect(await app.state.settle(timeout: .seconds(60)))
        #expect(await receipts.values == [Receipt(eventID: "$earlier", roomID: "!lobby:hs", type: .public)])
        #expect(app.state.rooms["!lobby:hs"]?.notificationCount == 0 && app.state.rooms["!lobby:hs"]?.highlightCount == 0)
        #expect(app.state.promptValues().unread == 1, "the garden still waits")
    }

    /// The room is read as it shows, not when its receipt comes back: `/rooms` and the prompt
    /// right after `/open` count it no more, and counts the server sends before it has the
    /// receipt do not put it back while the room is open.
    @Test func anOpenedRoomIsReadAtOnceAndStaysReadWhileOpen() async throws {
        let receipts = Recorder<Receipt>()
        let app = try await loggedIn(receipts: receipts, clock: TestClock())
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(app.state.rooms["!lobby:hs"]?.notificationCount == 0 && app.state.rooms["!lobby:hs"]?.highlightCount == 0)
        #expect(await receipts.values.isEmpty, "the receipt waits for what arrives meanwhile")
        var lobby = try #require(app.state.rooms["!lobby:hs"])
        (lobby.notificationCount, lobby.highlightCount) = (3, 1)
        var garden = try #require(app.state.rooms["!garden:hs"])
        garden.notificationCount = 2
        await app.state.apply(.synced(SyncResult(rooms: [lobby, garden], messages: [])))
        #expect(app.state.rooms["!lobby:hs"]?.notificationCount == 0 && app.state.rooms["!lobby:hs"]?.highlightCount == 0)
        #expect(app.state.rooms["!garden:hs"]?.notificationCount == 2, "a room not open keeps the server's counts")
        #expect(app.state.promptValues().unread == 2)
    }

    @Test func openingAnotherRoomSendsTheWaitingReceiptAtOnce() async throws {
        let receipts = Recorder<Receipt>()
        let app = try await loggedIn(receipts: receipts, clock: TestClock())
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await app.state.run(line: "/open Garden"))
        try await receipts.wait(forCount: 1)
        #expect(await receipts.values.map(\.roomID) == ["!lobby:hs"], "the lobby was read; the garden's receipt waits")
        #expect(app.state.runtime?.pendingReceipt?.roomID == "!garden:hs")
    }

    @Test func waitSyncSendsTheWaitingReceiptAndLetsItLandFirst() async throws {
        let receipts = Recorder<Receipt>()
        let gate = AppStateMessagingTests.Gate()
        let receiptsSeenBySync = Recorder<Int>()
        var service = FakeRoomService()
        service.read = { eventID, roomID, type throws(MatrixError) in
            await gate.wait()
            await receipts.append(Receipt(eventID: eventID, roomID: roomID, type: type))
        }
        let (first, later) = (Self.unreadLobby, AppStateMessagingTests.lobby)
        let clock = TestClock()
        let app = AppHarness(sync: AppStateMessagingTests.scriptedSync([
            { .success(first) },
            // The loop's long poll, until `/wait sync` replaces it.
            {
                await suspendUntilCancelled()
                return .failure(.transport(.cancelled))
            },
            {
                await receiptsSeenBySync.append(await receipts.values.count)
                return .success(later)
            },
        ]), roomService: service, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }

        #expect(await app.state.run(line: "/open Lobby"))
        let loop = app.state.syncRun
        async let waited = app.state.run(line: "/wait sync")
        // The receipt is on its way (its timer cancelled) and the wait asleep on its deadline: the
        // loop has not been replaced, so no catch-up request has gone out.
        try await waitUntil { app.state.pendingEffectCount == 1 }
        await clock.sleepers(atLeast: 1)
        #expect(app.state.syncRun == loop, "the catch-up request waits for the receipt")
        await gate.open()
        #expect(await waited)
        #expect(await receiptsSeenBySync.values == [1], "the catch-up request went once the receipt had landed")
        #expect(app.state.pendingEffectCount == 0 && app.state.rooms["!lobby:hs"]?.notificationCount == 0)
    }

    @Test func aMessageOfTheUsersOwnMakesTheWaitingReceiptNeedless() async throws {
        let receipts = Recorder<Receipt>()
        let clock = TestClock()
        let app = try await loggedIn(receipts: receipts, clock: clock)
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await app.state.run(line: "read and answered"))
        #expect(await app.state.run(line: "/wait sent"))
        #expect(app.state.runtime?.pendingReceipt == nil, "sending marked the room read up to the message")
        #expect(app.state.rooms["!lobby:hs"]?.notificationCount == 0)
        #expect(await app.state.settle(timeout: .seconds(60)))
        #expect(await receipts.values.isEmpty, "one request for a one-shot /open and send, not two")
    }

    @Test func readMarksTheOpenOrNamedRoomPrivatelyWhenSoSet() async throws {
        let receipts = Recorder<Receipt>()
        let app = try await loggedIn(receipts: receipts)
        #expect(!(await app.state.run(line: "/read")))
        #expect(app.log.failures == [.noRoomOpen])
        #expect(!(await app.state.run(line: "/read Cellar")))
        #expect(app.log.failures.last == .unknownRoom("Cellar"))
        await app.state.run(line: "/set private_receipts on")
        #expect(await app.state.run(line: "/read Garden"))
        #expect(app.log.outcomes.last == .room(.markedRead(roomName: "Garden")))
        #expect(await receipts.values == [Receipt(eventID: "$roses", roomID: "!garden:hs", type: .private)])
        #expect(app.state.promptValues().unread == 3)
        #expect(await app.state.run(line: "/read Attic"), "a room without messages has nothing to mark")
        #expect(await receipts.values.count == 1)
    }

    /// A message that sync brings while `/read` waits for the server is not read: the counts
    /// that sync brought stand, and the room stays unread. The receipt request waits for the
    /// test, so the two meet the same way every time.
    @Test func aMessageArrivingWhileReadWaitsForTheServerStaysUnread() async throws {
        let asked = AppStateMessagingTests.Gate(), answer = AppStateMessagingTests.Gate()
        var service = FakeRoomService()
        service.read = { _, _, _ throws(MatrixError) in
            await asked.open()
            await answer.wait()
        }
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(Self.unreadLobby), roomService: service)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(app.state.promptValues().unread == 4)

        let reading = Task { await app.state.run(line: "/read Garden") }
        await asked.wait()
        // The server counts a message newer than the one the receipt marks.
        var garden = try #require(app.state.rooms["!garden:hs"])
        garden.lastActivity = 600
        let tulips = try #require(MessageRecord(roomID: "!garden:hs", event: AppStateMessagingTests.event("tulips", from: "@bob:hs", at: 600)))
        await app.state.apply(.synced(SyncResult(rooms: [garden], messages: [tulips])))
        await answer.open()
        #expect(await reading.value)
        #expect(app.state.rooms["!garden:hs"]?.notificationCount == 1 && app.state.promptValues().unread == 4)
    }

    @Test func aRefusedReceiptFailsReadButNotOpen() async throws {
        let app = try await loggedIn(receipts: Recorder(), failing: true)
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await app.state.settle(timeout: .seconds(60)))
        #expect(!(await app.state.run(line: "/read")))
        #expect(app.log.failures == [.matrix(.forbidden(message: "no"))])
        #expect(app.state.rooms["!lobby:hs"]?.notificationCount == 0, "the open room was read on screen all the same")
    }

    @Test func unreadRoomsKeepTheirNumbersFromTheFullList() async throws {
        let app = try await loggedIn(receipts: Recorder())
        await app.state.run(line: "/rooms")
        guard case .room(.list(let all, _))? = app.log.outcomes.last else { Issue.record("no rooms"); return }
        #expect(all.map(\.roomID) == ["!lobby:hs", "!garden:hs", "!attic:hs"])
        await app.state.run(line: "/rooms --unread")
        guard case .room(.unread(let unread, _))? = app.log.outcomes.last else { Issue.record("no unread rooms"); return }
        #expect(unread.map(\.number) == [1, 2] && unread.map(\.room.roomID) == ["!lobby:hs", "!garden:hs"])
        await app.state.run(line: "/read Lobby")
        await app.state.run(line: "/read Garden")
        await app.state.run(line: "/rooms --unread")
        #expect(app.log.outcomes.last == .room(.unread([])))
        let text = L10n.$languageOverride.withValue("en") {
            TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: Outcome.room(.unread([])))
        }
        #expect(text == ["Nothing unread."])
    }

    @Test func anOpeningAndTheMessagesAfterItAreMarkedReadInOneRequest() async throws {
        let receipts = Recorder<Receipt>()
        let clock = TestClock()
        let app = try await loggedIn(receipts: receipts, clock: clock)
        await app.state.run(line: "/open Lobby")
        let lobby = try #require(app.state.rooms["!lobby:hs"])
        for (seq, body) in [(100, "one"), (101, "two"), (102, "three")] {
            var message = try #require(MessageRecord(roomID: "!lobby:hs", event: AppStateMessagingTests.event(body, from: "@bob:hs", at: 2_000)))
            message.seq = Int64(seq)
            await app.state.apply(.synced(SyncResult(rooms: [lobby], messages: [message])))
        }
        // The three came within the delay of the opening, which passes only now: one request.
        await clock.sleepers(atLeast: 1)
        clock.advance(by: Tuning().readMarkDelay)
        try await receipts.wait(forCount: 1)
        #expect(await app.state.settle(timeout: .seconds(60)))
        #expect(app.state.runtime?.pendingReceipt == nil, "nothing more is on its way")
        #expect(await receipts.values.map(\.eventID) == ["$three"])
    }

    @Test func typingIsToldOncePerRenewalAndStoppedWhenTheLineIsSentOrACommand() async throws {
        let typing = Recorder<TypingCall>()
        let app = try await loggedIn(receipts: Recorder(), typing: typing)
        await app.state.send(.inputLineChanged("h"))
        await app.state.run(line: "/open Lobby")
        for text in ["h", "he", "hel", "hello", ""] { await app.state.send(.inputLineChanged(text)) }
        for text in ["/rea", "//shrug", "/read"] { await app.state.send(.inputLineChanged(text)) }
        await app.state.typingRequest?.value
        let lobby = "!lobby:hs"
        #expect(await typing.values == [TypingCall(isTyping: true, roomID: lobby), TypingCall(isTyping: false, roomID: lobby),
                                        TypingCall(isTyping: true, roomID: lobby), TypingCall(isTyping: false, roomID: lobby)])
        await app.state.run(line: "/set send_typing off")
        await app.state.send(.inputLineChanged("quietly"))
        await app.state.typingRequest?.value
        #expect(await typing.values.count == 4)
    }

    @Test func whoIsTypingInTheOpenRoomShowsByNameWithoutTheUser() async throws {
        let app = try await loggedIn(receipts: Recorder())
        let lobby = try #require(app.state.rooms["!lobby:hs"])
        var result = SyncResult(rooms: [lobby], messages: [])
        result.typing = ["!lobby:hs": ["@bob:hs", "@alice:example"], "!garden:hs": ["@carol:hs"]]
        await app.state.apply(.synced(result))
        #expect(app.state.promptValues().typing == nil, "no room open")
        await app.state.run(line: "/open Lobby")
        #expect(app.state.promptValues().typing == "(Bob is typing…)")
        result.typing = ["!lobby:hs": []]
        await app.state.apply(.synced(result))
        #expect(app.state.promptValues().typing == nil)
    }
}
