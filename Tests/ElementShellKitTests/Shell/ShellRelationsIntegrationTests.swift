import Foundation
import Testing

/// Replies, reactions, edits and deletions both ways with the messaging suite's nio peer: what the
/// shell sends is what the server's copy holds, and what nio sends shows in the shell.
extension ShellMessagingIntegrationTests {
    @Test func relationsGoBothWaysWithANioClient() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Relations \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let question = try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "question"}"#, to: roomID)

        // ~1 is the only message /open shows; ^ is the newest once what was sent is back.
        let first = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                          "-c", "/reply ~1 answer", "-c", "/react ~1 :+1:", "-c", "/wait sent", "-c", "/wait sync",
                                          "-c", "/edit ^ answer, edited", "-c", "oops", "-c", "/wait sent", "-c", "/wait sync",
                                          "-c", "/redact ^ mistake", "-c", "/wait sent"],
                                  extraEnvironment: password)
        #expect(first.status == 0, "\(first)")

        let events = try await peer.events(in: roomID)
        let answer = try #require(events.first { Self.content($0)["body"] as? String == "answer" }, "\(events)")
        #expect((Self.relation(answer)["m.in_reply_to"] as? [String: Any])?["event_id"] as? String == question)
        let reaction = try #require(events.first { $0["type"] as? String == "m.reaction" })
        #expect(Self.relation(reaction)["key"] as? String == "👍" && Self.relation(reaction)["event_id"] as? String == question)
        let edit = try #require(events.first { Self.relation($0)["rel_type"] as? String == "m.replace" })
        #expect(Self.relation(edit)["event_id"] as? String == answer["event_id"] as? String)
        #expect((Self.content(edit)["m.new_content"] as? [String: Any])?["body"] as? String == "answer, edited")
        #expect(!events.contains { Self.content($0)["body"] as? String == "oops" }, "the server keeps no text of what was deleted")
        #expect(events.contains { $0["type"] as? String == "m.room.redaction" && Self.content($0)["reason"] as? String == "mistake" })

        // nio revises its question and reacts to the answer; the shell shows both.
        let answerID = try #require(answer["event_id"] as? String)
        let revision = #"{"msgtype": "m.text", "body": "* question, revised", "m.new_content": {"msgtype": "m.text", "body": "question, revised"}, "m.relates_to": {"rel_type": "m.replace", "event_id": "\#(question)"}}"#
        try await peer.sendEvent("m.room.message", content: revision, to: roomID)
        try await peer.sendEvent("m.reaction", content: #"{"m.relates_to": {"rel_type": "m.annotation", "event_id": "\#(answerID)", "key": "🎉"}}"#,
                           to: roomID)
        let fallback = "> <\(carolID)> answer\\n\\nagreed"
        try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "\#(fallback)", "m.relates_to": {"m.in_reply_to": {"event_id": "\#(answerID)"}}}"#,
                           to: roomID)
        let second = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(name)", "-c", "/logout!"])
        #expect(second.status == 0, "\(second)")
        let shown = try #require(second.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]])
        let byBody = Dictionary(shown.map { ($0["body"] as? String ?? "", $0) }) { first, _ in first }
        let revised = try #require(byBody["question, revised"], "\(shown)")
        #expect(revised["edited"] as? Bool == true)
        #expect((revised["reactions"] as? [[String: Any]])?.first?["key"] as? String == "👍")
        let edited = try #require(byBody["answer, edited"], "\(shown)")
        #expect((edited["reply_to"] as? [String: Any])?["body"] as? String == "question, revised")
        #expect((edited["reactions"] as? [[String: Any]])?.first?["key"] as? String == "🎉")
        #expect(shown.contains { $0["redacted"] as? Bool == true })
        let agreed = try #require(byBody["agreed"], "nio's reply shows without its fallback quote: \(shown)")
        #expect((agreed["reply_to"] as? [String: Any])?["body"] as? String == "answer, edited")
    }

    /// A script edits, reacts to and replies to what it has just sent, with no `/wait sync`
    /// between: `^` names the message the server took, not the newest one sync has brought back.
    /// The second run starts from the first's store, as a user's next command does.
    @Test func caretNamesWhatWasJustSentAcrossRuns() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Caret \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "before"}"#, to: roomID)

        let first = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                          "-c", "note one", "-c", "/wait sent", "-c", "/edit ^ note one, edited", "-c", "/wait sent"],
                                  extraEnvironment: password)
        #expect(first.status == 0, "\(first)")
        let second = try await shell.run(base + ["-c", "/open \(name)", "-c", "note two", "-c", "/wait sent", "-c", "/react ^ :+1:",
                                           "-c", "/reply ^2 on note one", "-c", "/wait sent", "-c", "/logout!"])
        #expect(second.status == 0, "\(second)")

        let events = try await peer.events(in: roomID)
        func eventID(of body: String) -> String? { events.first { Self.content($0)["body"] as? String == body }?["event_id"] as? String }
        let one = try #require(eventID(of: "note one"), "\(events)")
        let two = try #require(eventID(of: "note two"), "\(events)")
        let edit = try #require(events.first { Self.relation($0)["rel_type"] as? String == "m.replace" })
        #expect(Self.relation(edit)["event_id"] as? String == one, "the edit changes the message just sent")
        let reaction = try #require(events.first { $0["type"] as? String == "m.reaction" })
        #expect(Self.relation(reaction)["event_id"] as? String == two)
        let reply = try #require(events.first { Self.content($0)["body"] as? String == "on note one" })
        #expect((Self.relation(reply)["m.in_reply_to"] as? [String: Any])?["event_id"] as? String == one)
    }

    /// A member without the room's `redact` level is told so when removing another's message,
    /// by the level Synapse's power levels give, and nothing waits in the outbox to be refused.
    @Test func removingAnothersMessageWithoutTheLevelIsRefusedAtOnce() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Moderated \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "not yours to remove"}"#, to: roomID)

        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                        "-c", "/redact ^", "-c", "/queue", "-c", "/logout!"],
                                extraEnvironment: password)
        let refusal = try #require(Self.objects(run, "redact").first, "\(run.standardOutput)")
        #expect((refusal["error"] as? [String: Any])?["code"] as? String == "power_level_too_low", "\(refusal)")
        let queue = try #require(Self.objects(run, "queue").first?["queue"] as? [Any], "\(run.standardOutput)")
        #expect(queue.isEmpty, "nothing left to be refused: \(queue)")
    }

    /// A device that opens a room whose message was edited shows it once, edited: the room's
    /// events that come again once it is open (sliding sync's room subscription) change nothing.
    @Test func anEditedMessageShowsOnceOnADeviceThatOpensItsRoom() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Edited once \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let original = try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "lunch at 12"}"#, to: roomID)
        let revision = #"{"msgtype": "m.text", "body": "* lunch at 1", "m.new_content": {"msgtype": "m.text", "body": "lunch at 1"}, "m.relates_to": {"rel_type": "m.replace", "event_id": "\#(original)"}}"#
        try await peer.sendEvent("m.room.message", content: revision, to: roomID)

        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                        "-c", "/wait sync", "-c", "/wait sync", "-c", "/logout!"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run.standardOutput)")
        let opened = Self.objects(run, "open").flatMap { $0["messages"] as? [[String: Any]] ?? [] }
        #expect(opened.first { $0["event_id"] as? String == original }?["body"] as? String == "lunch at 1", "\(opened)")
        let changes = run.objects.filter { $0["type"] as? String == "message_changed" && $0["event_id"] as? String == original }
        #expect(changes.isEmpty, "shown edited already: \(changes)")
    }

    /// A device that signs in after an edit shows the edited text: the original is older than
    /// any sync timeline holds, so it comes with `/history`, a page after the edit arrived.
    @Test func anEditShowsOnADeviceThatReadsTheHistoryLater() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Edited \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let original = try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "meet at 5"}"#, to: roomID)
        try await peer.send((1...25).map { "filler \($0)" }, to: roomID)
        let revision = #"{"msgtype": "m.text", "body": "* meet at 6", "m.new_content": {"msgtype": "m.text", "body": "meet at 6"}, "m.relates_to": {"rel_type": "m.replace", "event_id": "\#(original)"}}"#
        try await peer.sendEvent("m.room.message", content: revision, to: roomID)

        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                        "-c", "/history 40", "-c", "/logout!"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run.standardOutput)")
        let shown = (Self.objects(run, "open") + Self.objects(run, "history")).flatMap { $0["messages"] as? [[String: Any]] ?? [] }
        let edited = try #require(shown.first { $0["event_id"] as? String == original }, "\(shown.map { $0["body"] ?? "" })")
        #expect(edited["body"] as? String == "meet at 6", "\(edited)")
        #expect(edited["edited"] as? Bool == true)
    }

    /// The server's search finds what nio wrote, in the open room and across rooms, and a found
    /// message's number takes a reply; the peer gets the mention and the formatted pill.
    @Test func searchFindsMessagesAndTheirNumbersTakeAReply() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let tag = UUID().uuidString.prefix(8).lowercased()
        let name = "Search \(tag)"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        try await peer.send(["the word is needle\(tag) today", "something else"], to: roomID)
        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync",
                                        "-c", "/search needle\(tag) --all", "-c", "/open \(name)", "-c", "/search needle\(tag)",
                                        "-c", "/reply ~1 found it, \(peer.userID)", "-c", "/wait sent", "-c", "/logout!"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let searches = run.objects.filter { $0["command"] as? String == "search" }
        for search in searches {
            let results = search["results"] as? [[String: Any]] ?? []
            #expect(results.map { $0["body"] as? String } == ["the word is needle\(tag) today"], "\(search)")
            #expect(results.first?["room"] as? String == name && results.first?["ref"] as? String == "~1")
        }
        #expect(searches.count == 2)
        let reply = try #require(try await peer.events(in: roomID).first { Self.content($0)["body"] as? String == "found it, \(peer.userID)" })
        #expect((Self.content(reply)["m.mentions"] as? [String: Any])?["user_ids"] as? [String] == [peer.userID])
        #expect((Self.content(reply)["formatted_body"] as? String)?.contains("https://matrix.to/#/\(peer.userID)") == true)
    }

    /// Formatting both ways: the shell's Markdown reaches nio as the spec's HTML, and nio's HTML
    /// shows in the shell laid out for the terminal, its markup and the reply fallback gone.
    @Test func formattedMessagesGoBothWays() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Formats \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let html = #"<mx-reply><blockquote>ancient</blockquote></mx-reply><p><strong>Bold</strong> news for <a href=\"https://matrix.to/#/@x:hs\">X</a></p><ul><li>one</li></ul>"#
        try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "Bold news for X\n- one", "format": "org.matrix.custom.html", "formatted_body": "\#(html)"}"#,
                           to: roomID)
        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                        "-c", "**loud** and `code`", "-c", "/plain *as typed*", "-c", "/html <em>hand</em> made",
                                        "-c", "/wait sent"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let lines = run.outputLines
        #expect(lines.contains { $0.hasSuffix("] Erin Nio: Bold news for X") }, "\(lines)")
        #expect(lines.contains("        • one"))
        #expect(!lines.joined().contains("<strong>") && !lines.joined().contains("ancient"))

        let sent = try #require(try await peer.events(in: roomID).first { Self.content($0)["body"] as? String == "**loud** and `code`" })
        #expect(Self.content(sent)["format"] as? String == "org.matrix.custom.html")
        #expect(Self.content(sent)["formatted_body"] as? String == "<strong>loud</strong> and <code>code</code>")
        let events = try await peer.events(in: roomID)
        let plain = try #require(events.first { Self.content($0)["body"] as? String == "*as typed*" })
        #expect(Self.content(plain)["formatted_body"] == nil, "/plain sends no HTML")
        let handMade = try #require(events.first { Self.content($0)["formatted_body"] as? String == "<em>hand</em> made" })
        #expect(Self.content(handMade)["body"] as? String == "hand made", "/html's body is its text")
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    /// Threads both ways: nio's thread replies stay under their root in the shell, and what the
    /// shell types in the thread reaches nio as `m.thread` with its reply fallback.
    @Test func threadsGoBothWays() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Threads \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let root = try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "plans for friday"}"#, to: roomID)
        let reply = try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "cinema?", "m.relates_to": {"rel_type": "m.thread", "event_id": "\#(root)", "is_falling_back": true, "m.in_reply_to": {"event_id": "\#(root)"}}}"#,
                                       to: roomID)
        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                        "-c", "/threads", "-c", "/thread ~1", "-c", "count me in", "-c", "/wait sent", "-c", "/logout!"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let opened = Self.objects(run, "open").first?["messages"] as? [[String: Any]] ?? []
        #expect(opened.map { $0["body"] as? String } == ["plans for friday"], "the thread's reply stays in the thread")
        #expect((opened.first?["thread"] as? [String: Any])?["reply_count"] as? Int == 1)
        let thread = try #require(Self.objects(run, "thread").first)
        #expect((thread["messages"] as? [[String: Any]])?.map { $0["body"] as? String } == ["cinema?"])

        let sent = try #require(try await peer.events(in: roomID).first { Self.content($0)["body"] as? String == "count me in" })
        #expect(Self.relation(sent)["rel_type"] as? String == "m.thread" && Self.relation(sent)["event_id"] as? String == root)
        #expect((Self.relation(sent)["m.in_reply_to"] as? [String: Any])?["event_id"] as? String == reply, "it falls back to the newest")
    }

    static func objects(_ run: ShellProcess.Result, _ command: String) -> [[String: Any]] {
        run.objects.filter { $0["command"] as? String == command }
    }

    static func content(_ event: [String: Any]) -> [String: Any] {
        event["content"] as? [String: Any] ?? [:]
    }

    static func relation(_ event: [String: Any]) -> [String: Any] {
        content(event)["m.relates_to"] as? [String: Any] ?? [:]
    }
}
