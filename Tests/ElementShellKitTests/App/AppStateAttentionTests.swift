import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateAttentionTests {
    typealias Messaging = AppStateMessagingTests

    /// The Lobby, a direct chat with bob, as first seen; then `event` with the counts the server
    /// gives for it. Returns what asked for attention after each of the two syncs.
    func attentions(after event: SyncEvent, notifications: Int, highlights: Int) async throws -> (first: [Attention], then: [Attention]) {
        let gate = Messaging.Gate()
        var first = Messaging.lobby
        first.accountData["m.direct"] = ["@bob:hs": ["!lobby:hs"]]
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: [event])
        room.unreadNotifications = .init(notificationCount: notifications, highlightCount: highlights)
        let app = AppHarness(sync: AppStateTimelineTests.responses([first, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": room]))],
                                                                   after: gate))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        let before = attentions(app)
        await gate.open()
        try await waitUntil { app.state.appliedSyncCount >= 2 }
        return (before, attentions(app))
    }

    func attentions(_ app: AppHarness) -> [Attention] {
        app.log.reports.compactMap { if case .attention(let attention) = $0.content { attention } else { nil } }
    }

    @Test func aDirectMessageFromSomeoneElseAsksForAttentionOnce() async throws {
        let (first, then) = try await attentions(after: Messaging.event("are you there?", from: "@bob:hs", at: 3_000), notifications: 1, highlights: 0)
        #expect(first.isEmpty, "what waited before start is no news")
        #expect(then == [Attention(roomName: "Lobby", senderName: "Bob", body: "are you there?", isMention: false)])
        let arguments = DesktopNotification.arguments(for: then[0], appName: "Element", includingBody: false)
        #expect(arguments.contains("Bob in Lobby") && !arguments.contains("are you there?"), "no body unless asked for")
    }

    @Test func ourOwnMessagesAskForNothingEvenWhenTheyMention() async throws {
        let (_, then) = try await attentions(after: Messaging.event("mine", from: "@alice:example", at: 3_000), notifications: 1, highlights: 1)
        #expect(then.isEmpty)
    }

    @Test func theNotificationSaysWhoAndWhereAndTheTextOnlyWhenAskedHarmlessly() {
        let attention = Attention(roomName: "Team <b>", senderName: "Eve\u{1B}[2J", body: "look & see", isMention: true)
        #expect(DesktopNotification.arguments(for: attention, appName: "Clap", includingBody: false)
            == ["--app-name=Clap", "--", "EveU+1B[2J in Team &lt;b&gt;", L10n.screenNotificationMention])
        #expect(DesktopNotification.arguments(for: attention, appName: "Clap", includingBody: true).last == "look &amp; see")
    }
}
