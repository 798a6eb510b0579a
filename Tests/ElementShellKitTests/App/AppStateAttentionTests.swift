import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateAttentionTests {
    typealias Messaging = AppStateMessagingTests

    /// The Lobby, a direct chat with bob (or a room of `members`), as first seen, with the
    /// account's push `rules` if given; then `event` with the counts the server gives for it.
    /// Returns what asked for attention after each of the two syncs.
    func attentions(after event: SyncEvent, notifications: Int, highlights: Int, members: Int = 2,
                    rules: JSONValue? = nil) async throws -> (first: [Attention], then: [Attention]) {
        try await run(after: event, notifications: notifications, highlights: highlights, members: members, rules: rules).attentions
    }

    func run(after event: SyncEvent, notifications: Int, highlights: Int, members: Int,
             rules: JSONValue?) async throws -> (attentions: (first: [Attention], then: [Attention]), app: AppHarness) {
        let gate = Messaging.Gate()
        var first = Messaging.lobby
        first.accountData["m.direct"] = members == 2 ? ["@bob:hs": ["!lobby:hs"]] : [:]
        first.accountData[PushRuleSet.accountDataType] = rules
        first.rooms.joined["!lobby:hs"]?.summary.joinedMemberCount = members
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
        return ((before, attentions(app)), app)
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

    /// The account's rules as Element writes them: muting the Lobby is an override rule on its ID.
    static func rules(adding rule: JSONValue, as kind: PushRule.Kind) -> JSONValue {
        guard case .object(var global) = PushRuleSet.defaultsJSON(for: "@alice:example")["global"] ?? [:] else { return [:] }
        global[kind.rawValue] = .array([rule] + (global[kind.rawValue]?.array ?? []))
        return ["global": .object(global)]
    }

    @Test func aMutedRoomAsksForNothingAndIsListedSo() async throws {
        let mute = Self.rules(adding: ["rule_id": "!lobby:hs", "enabled": true, "actions": [],
                                       "conditions": [["kind": "event_match", "key": "room_id", "pattern": "!lobby:hs"]]], as: .override)
        let mention = Messaging.event("alice, are you there?", from: "@bob:hs", at: 3_000)
        let ((_, then), app) = try await run(after: mention, notifications: 0, highlights: 0, members: 2, rules: mute)
        #expect(then.isEmpty)
        #expect(await app.state.run(line: "/rooms"))
        guard case .room(.list(let rooms, _)) = app.log.outcomes.last else { Issue.record("no list"); return }
        #expect(rooms.map(\.isMuted) == [true])
    }

    @Test func aKeywordAsksAsAMentionDoesInAGroupRoom() async throws {
        let keyword = Self.rules(adding: ["rule_id": "cake", "enabled": true, "pattern": "cake",
                                          "actions": ["notify", ["set_tweak": "sound", "value": "default"], ["set_tweak": "highlight"]]], as: .content)
        let (_, then) = try await attentions(after: Messaging.event("Cake in the kitchen", from: "@bob:hs", at: 3_000), notifications: 1, highlights: 0,
                                             members: 5, rules: keyword)
        #expect(then.map { $0.isMention } == [true])
        let (_, plain) = try await attentions(after: Messaging.event("tea in the kitchen", from: "@bob:hs", at: 3_000), notifications: 1, highlights: 0,
                                              members: 5, rules: keyword)
        #expect(plain.isEmpty, "a group room's message notifies without a sound: no bell")
    }

    @Test func rulesThatCannotBeReadAreToldOnce() async throws {
        let odd = Self.rules(adding: ["rule_id": "odd", "conditions": [["kind": "event_match", "key": "type"]], "actions": ["notify"]], as: .override)
        let ((_, _), app) = try await run(after: Messaging.event("hi", from: "@bob:hs", at: 3_000), notifications: 1, highlights: 0, members: 2, rules: odd)
        let told = app.log.reports.filter { $0.content == .pushRulesUnreadable(count: 1) }
        #expect(told.count == 1, "\(app.log.reports.map(\.content))")
    }

    @Test func theNotificationSaysWhoAndWhereAndTheTextOnlyWhenAskedHarmlessly() {
        let attention = Attention(roomName: "Team <b>", senderName: "Eve\u{1B}[2J", body: "look & see", isMention: true)
        #expect(DesktopNotification.arguments(for: attention, appName: "Clap", includingBody: false)
            == ["--app-name=Clap", "--", "EveU+1B[2J in Team &lt;b&gt;", L10n.screenNotificationMention])
        #expect(DesktopNotification.arguments(for: attention, appName: "Clap", includingBody: true).last == "look &amp; see")
    }
}
