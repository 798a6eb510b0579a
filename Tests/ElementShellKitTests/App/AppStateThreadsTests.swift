import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateThreadsTests {
    typealias Messaging = AppStateMessagingTests
    typealias Relations = AppStateRelationsTests

    static func threadReply(_ body: String, id: String, from sender: String, at time: Int64, fallingBackTo latest: String) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: id, sender: sender, originServerTS: time, content: [
            "msgtype": "m.text", "body": .string(body),
            "m.relates_to": ["rel_type": "m.thread", "event_id": "$plans", "is_falling_back": .bool(true),
                             "m.in_reply_to": ["event_id": .string(latest)]],
        ])
    }

    /// The Lobby with a thread under bob's "plans" and a message of the main timeline after it.
    static var lobbyWithThread: SyncResponse {
        var response = Messaging.lobby
        response.rooms.joined["!lobby:hs"]?.state.append(Messaging.member("@carol:hs", name: "Carol"))
        response.rooms.joined["!lobby:hs"]?.timeline.events = [
            Relations.event("m.room.message", id: "$plans", from: "@bob:hs", content: ["msgtype": "m.text", "body": "plans"]),
            threadReply("saturday?", id: "$a", from: "@carol:hs", at: 6_000, fallingBackTo: "$plans"),
            threadReply("works for me", id: "$b", from: "@bob:hs", at: 7_000, fallingBackTo: "$a"),
            Messaging.event("unrelated", from: "@carol:hs", at: 8_000),
        ]
        return response
    }

    @Test func theRoomShowsRootsWithSummariesAndAThreadShowsItsReplies() async throws {
        let gate = Messaging.Gate()
        var later = SyncResponse.JoinedRoom()
        later.timeline = .init(events: [Self.threadReply("see you", id: "$c", from: "@carol:hs", at: 9_000, fallingBackTo: "$b")])
        let app = try await Relations().openLobby([Self.lobbyWithThread, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": later]))],
                                                  gate: gate)
        guard case .room(.opened(_, let shown, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(shown.map(\.body) == ["plans", "unrelated"], "thread replies stay in their thread")
        #expect(shown.first?.threadSummary == ThreadLine(replyCount: 2, latestSenderName: "Bob"))

        await gate.open()
        try await waitUntil { app.state.appliedSyncCount >= 2 }
        let live = app.log.reports.compactMap { if case .message(let view) = $0.content { view } else { nil } }
        #expect(live.map(\.body) == ["see you"] && live.first?.threadReference == 1, "a thread's message says whose thread it is in")

        await app.state.run(line: "/threads")
        guard case .thread(.list(let roots))? = app.log.outcomes.last else { Issue.record("no threads"); return }
        #expect(roots.map(\.body) == ["plans"] && roots.first?.threadSummary?.replyCount == 3)

        #expect(await app.state.run(line: "/thread ~1"))
        guard case .thread(.opened(_, let root, let replies, nil))? = app.log.outcomes.last else { Issue.record("no thread"); return }
        #expect(root.body == "plans" && replies.map(\.body) == ["saturday?", "works for me", "see you"])
        #expect(replies.allSatisfy { $0.threadReference == nil && $0.replyQuote == nil }, "the fallback reply is no reply in a thread")
        #expect(app.state.promptValues().room == L10n.screenPromptThread("Lobby", "~1"))
    }

    /// A reply that sync brings while `/thread` reads the store shows once: before the command's
    /// answer as the room shows it (marked with its thread, which is not open yet), in the
    /// listing, or after the answer inside the thread. Opening the thread with a line is raced
    /// too. Where the two meet depends on the store's threads, so the race is run many times.
    @Test(arguments: ["/thread ~1", "/thread ~1 count me in"])
    func aReplyArrivingWhileAThreadOpensShowsOnceWhereItBelongs(line: String) async throws {
        for _ in 1...30 {
            let app = try await Relations().openLobby([Self.lobbyWithThread])
            let start = app.log.reports.count
            let opening = Task { await app.state.run(line: line) }
            try await AppStateTimelineTests.arrive([Self.threadReply("see you", id: "$c", from: "@carol:hs", at: 9_000, fallingBackTo: "$b")],
                                                   in: app)
            #expect(await opening.value)

            var seen: [String] = [], answered = false
            for report in app.log.reports.dropFirst(start) {
                switch report.content {
                case .message(let view) where view.body == "see you":
                    let inThread = view.threadReference == nil
                    seen.append(answered ? (inThread ? "in the thread" : "marked in the thread") : (inThread ? "in the thread too early" : "in the room"))
                case .result(_, let outcome):
                    answered = true
                    if case .thread(.opened(_, _, let replies, _)) = outcome, replies.contains(where: { $0.body == "see you" }) { seen.append("listed") }
                default:
                    break
                }
            }
            #expect([["in the room"], ["listed"], ["in the thread"]].contains(seen), "\(seen)")
        }
    }

    @Test func linesAndDraftsFollowTheOpenThread() async throws {
        let app = try await Relations().openLobby([Self.lobbyWithThread])
        await app.state.run(line: "/draft for the room")
        #expect(await app.state.run(line: "/thread ^2 count me in"), "^2 is the root: its thread opens with the line in it")
        await app.state.run(line: "/draft later, in the thread")
        await app.state.run(line: "/back")
        await app.state.run(line: "/draft")
        #expect(app.log.outcomes.last == .draft(.shown("for the room")), "the thread's draft is its own")
        await app.state.run(line: "/thread ~1")
        guard case .thread(.opened(_, _, _, let draft))? = app.log.outcomes.last else { Issue.record("no thread"); return }
        #expect(draft == "later, in the thread")
        await app.state.run(line: "me too")
        await app.state.run(line: "/draft")
        #expect(app.log.outcomes.last == .draft(.shown(nil)), "sending in the thread took the thread's draft")
        await app.state.run(line: "/back")
        await app.state.run(line: "back in the room")

        let entries = try await Relations().outbox(app)
        #expect(entries.map(\.body) == ["count me in", "me too", "back in the room"])
        #expect(entries.map(\.relation) == [.thread(root: "$plans", latest: "$b"), .thread(root: "$plans", latest: "$b"), nil])
        await app.state.run(line: "/draft")
        #expect(app.log.outcomes.last == .draft(.shown(nil)), "the room's draft went with the room's message")
    }
}
