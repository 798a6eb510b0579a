import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What a screen reader is told of rooms: news elsewhere in a sentence, `/unread`, `/last` and the
/// room switch, line by line in both languages.
@MainActor
@Suite struct AppStateNewsTests {
    typealias Messaging = AppStateMessagingTests

    /// A homeserver whose answers after the first wait for the test to let each through.
    final class Feed: Sendable {
        let gates = (0..<8).map { _ in CancellableGate() }

        func request(_ responses: [SyncResponse]) -> SyncLoop.Request {
            let served = SyncLoopTests.Counter()
            return { [gates] _, _ throws(MatrixError) in
                let index = await served.next()
                if index > 0, !(await gates[index - 1].opens()) { throw .transport(.cancelled) }
                guard index < responses.count else {
                    await suspendUntilCancelled()
                    throw .transport(.cancelled)
                }
                return responses[index]
            }
        }
    }

    static func room(_ name: String, unread: Int, mentions: Int = 0, events: [SyncEvent] = []) -> SyncResponse.JoinedRoom {
        var room = SyncResponse.JoinedRoom()
        room.state = [SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string(name)])),
                      Messaging.member("@bob:hs", name: "Bob"), Messaging.member("@alice:example", name: "Alice")]
        room.timeline = .init(events: events)
        room.unreadNotifications = .init(notificationCount: unread, highlightCount: mentions)
        return room
    }

    /// Lobby with three messages, a direct chat with Carol, a quiet Team, and an invite to Club.
    static var start: SyncResponse {
        let events = ["one", "two", "three"].enumerated().map { Messaging.event($0.element, from: "@bob:hs", at: Int64(1_000 * ($0.offset + 1))) }
        var response = SyncResponse(nextBatch: "s0", rooms: .init(joined: [
            "!lobby:hs": room("Lobby", unread: 1, events: events), "!dm:hs": room("Carol", unread: 1), "!team:hs": room("Team", unread: 0),
        ]))
        response.accountData["m.direct"] = ["@carol:hs": ["!dm:hs"]]
        response.rooms.invited = ["!club:hs": .init(inviteState: [
            SyncEvent(type: "m.room.name", sender: "@dave:hs", stateKey: "", content: .object(["name": "Club"])),
            SyncEvent(type: "m.room.member", sender: "@dave:hs", stateKey: "@alice:example", content: .object(["membership": "invite"])),
        ])]
        return response
    }

    static func team(unread: Int, mentions: Int, batch: Int) -> SyncResponse {
        var room = SyncResponse.JoinedRoom()
        room.unreadNotifications = .init(notificationCount: unread, highlightCount: mentions)
        return SyncResponse(nextBatch: "s\(batch)", rooms: .init(joined: ["!team:hs": room]))
    }

    static let theme = Theme(usesColor: false, accent: .named(.green), forScreenReader: true)

    /// The lines of the reports from `first` on, in `language`, with message times left out (they
    /// are in the machine's time zone).
    static func lines(_ app: AppHarness, from first: Int, language: String) -> [String] {
        L10n.$languageOverride.withValue(language) {
            app.log.reports[first...].flatMap { TextRenderer(theme: theme, now: Date(timeIntervalSince1970: 10)).lines(for: $0) }
                .map { $0.replacingOccurrences(of: #", \d\d:\d\d,"#, with: ",", options: .regularExpression) }
        }
    }

    @Test func newsElsewhereIsOneSentenceAtMostOnceAMinuteUnlessItMentions() async throws {
        let clock = TestClock()
        let feed = Feed()
        let app = AppHarness(sync: feed.request([Self.start, Self.team(unread: 2, mentions: 0, batch: 1), Self.team(unread: 3, mentions: 0, batch: 2),
                                                 Self.team(unread: 4, mentions: 1, batch: 3), Self.team(unread: 5, mentions: 1, batch: 4)]),
                             clock: clock)
        #expect(await app.state.run(line: "/set screen_reader on"))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.appliedSyncCount == 1 }
        let afterStart = app.log.reports.count
        for (step, advance) in [(1, 0), (2, 30), (3, 0), (4, 61)] {
            clock.advance(by: .seconds(advance))
            await feed.gates[step - 1].open()
            try await waitUntil { app.state.appliedSyncCount == step + 1 }
        }
        // Nothing of the first sync, which brings what piled up before the run; the second
        // message within the minute is not told; a mention is at once.
        #expect(Self.lines(app, from: afterStart, language: "en") == [
            "2 new messages in Team.", "4 new messages in Team, 1 mention.", "5 new messages in Team, 1 mention.",
        ])
        #expect(Self.lines(app, from: afterStart, language: "de") == [
            "2 neue Nachrichten in Team.", "4 neue Nachrichten in Team, 1 Erwähnung.", "5 neue Nachrichten in Team, 1 Erwähnung.",
        ])
        #expect(!app.log.reports.contains { if case .mentioned = $0.content { true } else { false } }, "the sentence says it already")

        // Mentions first, then invites, direct chats and the rest; numbered as /rooms numbers them.
        let beforeUnread = app.log.reports.count
        #expect(await app.state.run(line: "/unread"))
        #expect(await app.state.run(line: "/rooms"))
        guard case .room(.list(let listed, _))? = app.log.outcomes.last else { Issue.record("no room list"); return }
        let number = { (name: String) in listed.firstIndex { $0.name.unsanitized == name }.map { $0 + 1 } ?? 0 }
        let unread = Array(Self.lines(app, from: beforeUnread, language: "en").prefix(4))
        #expect(unread == ["\(number("Team")). Team: 5 new messages, 1 mention", "\(number("Club")). Club: invite",
                           "\(number("Carol")). Carol: 1 new message", "\(number("Lobby")). Lobby: 1 new message"])
        #expect(Array(Self.lines(app, from: beforeUnread, language: "de").prefix(4))
            == ["\(number("Team")). Team: 5 neue Nachrichten, 1 Erwähnung", "\(number("Club")). Club: Einladung",
                "\(number("Carol")). Carol: 1 neue Nachricht", "\(number("Lobby")). Lobby: 1 neue Nachricht"])
    }

    @Test func switchingRoomsAndLastAreSaidInSentences() async throws {
        let app = AppHarness(sync: Feed().request([Self.start]))
        #expect(await app.state.run(line: "/set screen_reader on"))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.appliedSyncCount == 1 }
        #expect(!(await app.state.run(line: "/last")), "no room is open")
        let first = app.log.reports.count
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await app.state.run(line: "/last 2"))
        #expect(await app.state.run(line: "/last 1"))
        #expect(await app.state.run(line: "/open Team"))
        #expect(await app.state.run(line: "/last"))
        #expect(await app.state.run(line: "/unread"))
        #expect(Self.lines(app, from: first, language: "en") == [
            "Now in Lobby. Its latest messages:", "Bob: one, ~1", "Bob: two, ~2", "Bob: three, ~3",
            "The last 2 messages in Lobby:", "Bob: two, ~2", "Bob: three, ~3",
            "The last message in Lobby:", "Bob: three, ~3",
            // Sync brought Team without its messages: they come as it brings them.
            "Now in Team. Its messages follow as sync brings them.",
            "No messages in Team yet.",
            "1. Club: invite", "3. Carol: 1 new message",
        ])
        #expect(Self.lines(app, from: first, language: "de") == [
            "Jetzt in Lobby. Die neuesten Nachrichten:", "Bob: one, ~1", "Bob: two, ~2", "Bob: three, ~3",
            "Die letzten 2 Nachrichten in Lobby:", "Bob: two, ~2", "Bob: three, ~3",
            "Die letzte Nachricht in Lobby:", "Bob: three, ~3",
            "Jetzt in Team. Die Nachrichten folgen, sobald die Synchronisierung sie bringt.",
            "In Team gibt es noch keine Nachrichten.",
            "1. Club: Einladung", "3. Carol: 1 neue Nachricht",
        ])
    }
}
