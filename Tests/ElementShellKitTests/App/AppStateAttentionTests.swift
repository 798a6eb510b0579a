import Foundation
import Testing
@testable import ElementShellKit

@MainActor
@Suite struct AppStateAttentionTests {
    typealias Messaging = AppStateMessagingTests

    func attentions(_ app: AppHarness) -> [Attention] {
        app.log.reports.compactMap { if case .attention(let attention) = $0.content { attention } else { nil } }
    }

    func release(_ app: AppHarness) async throws {
        // The gate is the harness's second response; the first is in.
        for _ in 0..<300 where app.state.appliedSyncCount < 2 { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func aDirectMessageFromSomeoneElseAsksForAttentionOnce() async throws {
        let gate = Messaging.Gate()
        var first = Messaging.lobby
        first.accountData["m.direct"] = ["@bob:hs": ["!lobby:hs"]]
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: [Messaging.event("are you there?", from: "@bob:hs", at: 3_000)])
        room.unreadNotifications = .init(notificationCount: 1, highlightCount: 0)
        let app = AppHarness(sync: AppStateTimelineTests.responses([first, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": room]))],
                                                                   after: gate))
        await app.state.run(line: "/login matrix.org alice")
        for _ in 0..<300 where app.state.syncStatus != .live { try await Task.sleep(for: .milliseconds(10)) }
        #expect(attentions(app).isEmpty, "what waited before start is no news")
        await gate.open()
        try await release(app)
        #expect(attentions(app) == [Attention(roomName: "Lobby", senderName: "Bob", body: "are you there?", isMention: false)])
        let arguments = DesktopNotification.arguments(for: attentions(app)[0], appName: "Element", includingBody: false)
        #expect(arguments.contains("Bob in Lobby") && !arguments.contains("are you there?"), "no body unless asked for")
    }

    @Test func ourOwnMessagesAskForNothingEvenWhenTheyMention() async throws {
        let gate = Messaging.Gate()
        var first = Messaging.lobby
        first.accountData["m.direct"] = ["@bob:hs": ["!lobby:hs"]]
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: [Messaging.event("mine", from: "@alice:example", at: 3_000)])
        room.unreadNotifications = .init(notificationCount: 1, highlightCount: 1)
        let app = AppHarness(sync: AppStateTimelineTests.responses([first, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": room]))],
                                                                   after: gate))
        await app.state.run(line: "/login matrix.org alice")
        for _ in 0..<300 where app.state.syncStatus != .live { try await Task.sleep(for: .milliseconds(10)) }
        await gate.open()
        try await release(app)
        #expect(attentions(app).isEmpty)
    }

    @Test func theNotificationSaysWhoAndWhereAndTheTextOnlyWhenAskedHarmlessly() {
        let attention = Attention(roomName: "Team <b>", senderName: "Eve\u{1B}[2J", body: "look & see", isMention: true)
        #expect(DesktopNotification.arguments(for: attention, appName: "Clap", includingBody: false)
            == ["--app-name=Clap", "--", "EveU+1B[2J in Team &lt;b&gt;", L10n.screenNotificationMention])
        #expect(DesktopNotification.arguments(for: attention, appName: "Clap", includingBody: true).last == "look &amp; see")
    }
}
