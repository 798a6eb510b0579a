import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateRelationsTests {
    typealias Messaging = AppStateMessagingTests

    static func event(_ type: String, id: String, from sender: String, content: JSONValue, transactionID: String? = nil) -> SyncEvent {
        SyncEvent(type: type, eventID: id, sender: sender, originServerTS: 5_000, content: content,
                  unsigned: transactionID.map { .object(["transaction_id": .string($0)]) })
    }

    /// The Lobby with bob's "earlier", then one of alice's own and a reaction of hers.
    static var lobbyWithOwnMessage: SyncResponse {
        var response = Messaging.lobby
        response.rooms.joined["!lobby:hs"]?.timeline.events += [
            Messaging.event("mine", from: "@alice:example", at: 2_000),
            event("m.reaction", id: "$r1", from: "@alice:example",
                  content: ["m.relates_to": ["rel_type": "m.annotation", "event_id": "$earlier", "key": "👍"]]),
        ]
        return response
    }

    func openLobby(_ responses: [SyncResponse], gate: Messaging.Gate = Messaging.Gate()) async throws -> AppHarness {
        let app = AppHarness(sync: AppStateTimelineTests.responses(responses, after: gate), send: { _ throws(MatrixError) in
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        return app
    }

    func outbox(_ app: AppHarness) async throws -> [OutboxEntry] {
        try await #require(app.state.store).outbox()
    }

    @Test func shownMessagesAreNumberedAndCommandsTakeTheNumbers() async throws {
        let app = try await openLobby([Self.lobbyWithOwnMessage])
        guard case .room(.opened(_, let shown, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(shown.map(\.reference) == [1, 2])
        #expect(shown.first?.reactions == [ReactionCount(key: "👍", count: 1, firstSenderID: "@alice:example", firstSenderName: "Alice")])

        await app.state.run(line: "/draft later")
        #expect(await app.state.run(line: "/reply ~1 **agreed**"))
        guard case .message(.queued(let reply))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(reply.replyQuote == ReplyQuote(senderName: "Bob", body: "earlier", reference: 1))
        // The reply, still in the outbox, is the newest message: `^` counts it.
        #expect(await app.state.run(line: "/react ^3 :tada:"))
        #expect(app.log.outcomes.last == .relation(.reactionQueued(key: "🎉", reference: "^3", number: 1)), "the message it went to, by its number")
        #expect(await app.state.run(line: "/edit ^2 mine, fixed"))
        #expect(await app.state.run(line: "/unreact ~1 :+1:"))
        #expect(await app.state.run(line: "/redact ^2 oops"))

        let entries = try await outbox(app)
        #expect(entries.map(\.relation) == [.reply(to: "$earlier", sender: "@bob:hs"), .annotation(of: "$earlier", key: "🎉"),
                                            .replacement(of: "$mine"), .redaction(of: "$r1"), .redaction(of: "$mine")])
        #expect(entries.map(\.eventType) == ["m.room.message", "m.reaction", "m.room.message", "m.room.redaction", "m.room.redaction"])
        #expect(entries[0].formattedBody == "<strong>agreed</strong>")
        #expect(entries.map(\.body) == ["**agreed**", "🎉", "mine, fixed", "", "oops"])
        await app.state.run(line: "/draft")
        #expect(app.log.outcomes.last == .draft(.shown(nil)), "a reply is a new message: it took the draft")
    }

    @Test func aPendingMessageIsNumberedAndKeepsItsNumberOnceSent() async throws {
        let app = try await openLobby([Self.lobbyWithOwnMessage])
        #expect(await app.state.run(line: "on its way"))
        guard case .message(.queued(let pending))? = app.log.outcomes.last, let number = pending.reference else { Issue.record("no number"); return }
        #expect(!(await app.state.run(line: "/react ~\(number) 👍")), "nothing to react to before the server has it")
        #expect(app.log.failures.last == .messageNotSent("~\(number)"))

        let entry = try #require(try await outbox(app).first)
        var echo = try #require(MessageRecord(roomID: "!lobby:hs", event: Messaging.event("on its way", from: "@alice:example", at: 9_000,
                                                                                          transactionID: entry.transactionID)))
        echo.seq = 1_000
        let lobby = try #require(app.state.rooms["!lobby:hs"])
        try await #require(app.state.store).apply(SyncBatch(messages: [echo]), position: .nextBatch("s9"))
        await app.state.apply(.synced(SyncResult(rooms: [lobby], messages: [echo])))
        #expect(await app.state.run(line: "/react ~\(number) 👍"), "the number now names the sent message")
        #expect(try await outbox(app).last?.relation == .annotation(of: echo.eventID, key: "👍"))
    }

    /// Sent but not yet brought back by sync, our newest message is what `^` names (a script's
    /// `/edit ^` right after `/wait sent`); still in the outbox, it has no event to name yet.
    @Test func caretNamesOurNewestMessageBeforeSyncBringsItBack() async throws {
        let sent = Recorder<OutboxEntry>()
        let app = AppHarness(sync: AppStateTimelineTests.responses([Self.lobbyWithOwnMessage], after: Messaging.Gate()),
                             send: { entry throws(MatrixError) in
                                 if entry.body.hasPrefix("slow") { await suspendUntilCancelled() }
                                 await sent.append(entry)
                                 return "$sent-\(entry.body)"
                             })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "fresh words"))
        guard case .message(.queued(let fresh))? = app.log.outcomes.last, let number = fresh.reference else { Issue.record("no number"); return }
        #expect(await app.state.run(line: "/wait sent"))

        #expect(await app.state.run(line: "/edit ^ fresh words, fixed"))
        #expect(await app.state.run(line: "/react ~\(number) 👍"), "its number names it too")
        #expect(await app.state.run(line: "/reply ^2 to mine"), "counted past the sent one")
        #expect(await app.state.run(line: "/wait sent"))
        #expect(await sent.values.map(\.relation) == [nil, .replacement(of: "$sent-fresh words"), .annotation(of: "$sent-fresh words", key: "👍"),
                                                       .reply(to: "$mine", sender: "@alice:example")])

        #expect(await app.state.run(line: "slow words"))
        #expect(!(await app.state.run(line: "/edit ^ slow, fixed")), "not the message before it")
        #expect(app.log.failures == [.messageNotSent("^")])
        #expect(await app.state.run(line: "/redact ^2"))
        #expect(try await outbox(app).map(\.relation) == [nil, .redaction(of: "$sent-to mine")])
    }

    /// Removing bob's message needs the room's `redact` level; alice's 0 is refused before the
    /// server is asked, naming the level, and nothing is left in the outbox. Her own goes.
    @Test func removingAnothersMessageNeedsTheRoomsRedactLevel() async throws {
        var rooms = FakeRoomService()
        rooms.levels = { _ throws(MatrixError) in
            PowerLevels(content: ["users": ["@bob:hs": 100], "redact": 50],
                        create: ["sender": .string("@bob:hs"), "content": ["room_version": "10"]])
        }
        let app = AppHarness(sync: AppStateTimelineTests.responses([Self.lobbyWithOwnMessage], after: Messaging.Gate()), send: { _ throws(MatrixError) in
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }, roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/redact ~1 spam")))
        #expect(app.log.failures == [.stateNotPermitted(command: "/redact", roomName: "Lobby", required: 50, own: 0)])
        #expect(try await outbox(app).isEmpty)
        #expect(await app.state.run(line: "/redact ~2"), "her own message needs no level")
        #expect(try await outbox(app).map(\.relation) == [.redaction(of: "$mine")])
    }

    /// Bob's formatted message, then alice's own.
    static var lobbyWithFormattedMessage: SyncResponse {
        var response = lobbyWithOwnMessage
        response.rooms.joined["!lobby:hs"]?.timeline.events.insert(
            event("m.room.message", id: "$bold", from: "@bob:hs",
                  content: ["msgtype": "m.text", "body": "**so** `true`", "format": "org.matrix.custom.html",
                            "formatted_body": "<strong>so</strong> <code>true</code>"]), at: 1)
        return response
    }

    /// The sender's own reply quotes its parent as the receiver sees it, formatted, not as the
    /// Markdown it was typed in.
    @Test func anOwnReplyQuotesItsParentFormatted() async throws {
        let app = try await openLobby([Self.lobbyWithFormattedMessage])
        #expect(await app.state.run(line: "/reply ~2 indeed"))
        guard case .message(.queued(let reply))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(reply.replyQuote?.body == "so true")
    }

    /// An own edit prints as the message it changes, under that message's number and marked
    /// edited, as edits from others print; when sync brings it back it is not printed again.
    @Test func anOwnEditShowsOnceAsAnEditOfItsMessage() async throws {
        let gate = Messaging.Gate()
        var later = SyncResponse.JoinedRoom()
        later.timeline = .init(events: [
            Self.event("m.room.message", id: "$edit", from: "@alice:example", content: [
                "msgtype": "m.text", "body": "* mine, **fixed**",
                "m.new_content": ["msgtype": "m.text", "body": "mine, **fixed**", "format": "org.matrix.custom.html",
                                  "formatted_body": "mine, <strong>fixed</strong>"],
                "m.relates_to": ["rel_type": "m.replace", "event_id": "$mine"],
            ]),
        ])
        let app = try await openLobby([Self.lobbyWithOwnMessage, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": later]))],
                                      gate: gate)
        #expect(await app.state.run(line: "/edit ~2 mine, **fixed**"))
        guard case .message(.queued(let edit))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(edit.reference == 2 && edit.eventID == "$mine", "the number of the message it edits, not a new one")
        #expect(edit.isEdited && edit.body == "mine, **fixed**" && edit.formattedBody == "mine, <strong>fixed</strong>")
        let lines = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: .message(.queued(edit)))
        #expect(lines.count == 1 && lines[0].hasPrefix("~2 [") && lines[0].hasSuffix("Alice: mine, fixed (edited)"), "\(lines)")

        await gate.open()
        try await waitUntil { app.state.appliedSyncCount >= 2 }
        let changes = app.log.reports.filter { if case .messageChanged = $0.content { true } else { false } }
        #expect(changes.isEmpty, "shown when it was queued: \(changes)")
    }

    @Test func referencesThatNameNothingOrSomeoneElsesMessageAreRefused() async throws {
        let app = try await openLobby([Self.lobbyWithOwnMessage])
        #expect(!(await app.state.run(line: "/reply ~9 hello")))
        #expect(!(await app.state.run(line: "/react ^5 :+1:")))
        #expect(!(await app.state.run(line: "/edit ~1 not mine")))
        #expect(!(await app.state.run(line: "/unreact ~1 🎉")))
        #expect(!(await app.state.run(line: "/redact $nowhere")))
        #expect(!(await app.state.run(line: "/reply #1 hi")))
        #expect(app.log.failures == [.unknownMessage("~9"), .unknownMessage("^5"), .notOwnMessage, .noSuchReaction("🎉"),
                                     .unknownMessage("$nowhere"), .parse(.invalidReference(command: "reply", value: "#1"))])
        #expect(try await outbox(app).isEmpty)
    }

    @Test func editsReactionsAndRedactionsOfTheOpenRoomShowAsTheyArrive() async throws {
        let gate = Messaging.Gate()
        var later = SyncResponse.JoinedRoom()
        later.timeline = .init(events: [
            Self.event("m.room.message", id: "$e1", from: "@bob:hs", content: [
                "msgtype": "m.text", "body": "* earlier, better",
                "m.new_content": ["msgtype": "m.text", "body": "earlier, better"],
                "m.relates_to": ["rel_type": "m.replace", "event_id": "$earlier"],
            ]),
            Self.event("m.room.message", id: "$e2", from: "@carol:hs", content: [
                "msgtype": "m.text", "body": "* hijacked", "m.new_content": ["msgtype": "m.text", "body": "hijacked"],
                "m.relates_to": ["rel_type": "m.replace", "event_id": "$earlier"],
            ]),
            Self.event("m.reaction", id: "$r2", from: "@bob:hs",
                       content: ["m.relates_to": ["rel_type": "m.annotation", "event_id": "$earlier", "key": "👀"]]),
            Self.event("m.room.message", id: "$reply", from: "@bob:hs", content: [
                "msgtype": "m.text", "body": "> <@alice:example> mine\n\nno, mine",
                "m.relates_to": ["m.in_reply_to": ["event_id": "$mine"]],
            ]),
            Self.event("m.room.redaction", id: "$x", from: "@bob:hs", content: ["redacts": "$r1", "reason": "misclick"]),
            SyncEvent(type: "m.room.redaction", eventID: "$x2", sender: "@bob:hs", originServerTS: 6_000, content: [:], redacts: "$mine"),
        ])
        let app = try await openLobby([Self.lobbyWithOwnMessage, SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": later]))],
                                      gate: gate)
        await gate.open()
        try await waitUntil { app.state.appliedSyncCount >= 2 }

        let shown = app.log.reports.compactMap { report -> String? in
            switch report.content {
            case .messageChanged(let view):
                "changed ~\(view.reference ?? 0) \(view.isRedacted ? "deleted" : view.body)\(view.isEdited ? " (edited)" : "")"
            case .message(let view): "message \(view.body) re \(view.replyQuote?.body ?? "-")"
            case .reacted(let name, let key, let reference, _): "\(name) \(key) ~\(reference ?? 0)"
            default: nil
            }
        }
        #expect(shown == ["message no, mine re ", "changed ~1 earlier, better (edited)", "changed ~2 deleted", "Bob 👀 ~1"],
                "only bob's own edit counts, the fallback quote is gone from the reply, and its parent was deleted in the same sync")
        await app.state.run(line: "/open Lobby")
        guard case .room(.opened(_, let messages, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(messages.map(\.body) == ["earlier, better", "", "no, mine"])
        #expect(messages.first?.reactions == [ReactionCount(key: "👀", count: 1, firstSenderID: "@bob:hs", firstSenderName: "Bob")], "alice's 👍 was redacted")
        #expect(messages.last?.replyQuote?.body == "", "the parent was deleted: \(messages.map(\.replyQuote))")
        let text = L10n.$languageOverride.withValue("en") {
            TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))
                .lines(for: Report(content: .reacted(senderName: "Bob", key: "🎉", reference: nil, excerpt: "hi bob :)"), location: nil))
        }
        #expect(text == ["Bob reacted 🎉 to “hi bob :)”"], "a message never shown with a number is named by its words")
        let stored = try await #require(app.state.store).messages(in: "!lobby:hs", before: nil, limit: 10)
        #expect(stored.last?.replyTo == "$mine", "\(stored.map(\.replyTo))")
    }
}
