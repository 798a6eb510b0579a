import Foundation
import TestSupport
import Testing

/// The binary (as carol) in conversation with erin on matrix-nio, a client it shares no code with,
/// through the real Synapse. erin is this suite's alone: its messages count as unread for carol.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the nio venv of Scripts/test"))
struct ShellMessagingIntegrationTests {
    let homeserver = TestHomeserver.current!
    var carol: String { homeserver.user(2) }
    var carolID: String { "@\(carol):\(homeserver.serverName)" }
    var peer: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(4)) }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    static func bodies(_ messages: Any?) -> [String] {
        ((messages as? [[String: Any]]) ?? []).compactMap { $0["body"] as? String }
    }

    @Test func aConversationByAliasGoesBothWaysRendersAndIsSentOnce() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let tag = UUID().uuidString.prefix(6).lowercased()
        let name = "Chat \(tag)"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, alias: "chat-\(tag)", displayName: "Erin Nio")
        try await peer.send(["hello from the peer\u{1B}[2J", "two\nlines"], to: roomID)

        let run = try await shell.run(base + ["--output", "json", "-c", "/login test \(carol)", "-c", "/join #chat-\(tag):\(homeserver.serverName)",
                                        "-c", "/wait sync", "-c", "/open \(name)", "-c", "hello from the shell", "-c", "/wait sent", "-c", "/members"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        #expect(run.objects.first { $0["command"] as? String == "join" }?["room_id"] as? String == roomID, "the alias led to the peer's room")
        let members = (run.objects.last?["members"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
            $0[$1["user_id"] as? String ?? ""] = $1["name"] as? String
        }
        #expect(Set(members.keys) == [carolID, peer.userID])
        #expect(members[peer.userID] == "Erin Nio", "the peer's name in this room")
        let shown = try #require(run.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]])
        #expect(Self.bodies(shown).suffix(2) == ["hello from the peer\u{1B}[2J", "two\nlines"], "JSON carries bodies as sent")
        #expect(shown.last?["sender"] as? String == peer.userID)
        #expect(shown.last?["sender_name"] as? String == "Erin Nio")

        // nio receives carol's message, and the server holds it once.
        #expect(try await peer.receives("hello from the shell", in: roomID))
        #expect(try await peer.messages(in: roomID).filter { $0.body == "hello from the shell" } == [.init(sender: carolID, body: "hello from the shell")])

        // An invited member of a private chat may not change its topic: the server's refusal is told.
        let topic = try await shell.run(base + ["--output", "json", "-c", "/open \(name)", "-c", "/topic Plans"])
        #expect(topic.status == 1, "\(topic)")
        // Found by its command: carol's message, which the run before ended without syncing, may
        // arrive (and print) after it.
        let refused = topic.objects.first { $0["command"] as? String == "topic" }
        #expect((refused?["error"] as? [String: Any])?["code"] as? String == "M_FORBIDDEN", "\(topic.standardOutput)")

        // In text mode: the peer's display name, the escape sequence made harmless, the second line indented.
        let text = try await shell.run(base + ["-c", "/open \(name)"]).outputLines
        #expect(text.contains { $0.hasSuffix("] Erin Nio: hello from the peerU+1B[2J") }, "\(text)")
        #expect(!text.joined().contains("\u{1B}[2J"))
        let first = try #require(text.firstIndex { $0.hasSuffix("] Erin Nio: two") }, "\(text)")
        #expect(text.dropFirst(first + 1).first == "        lines")
        #expect(text.last?.hasSuffix(": hello from the shell") == true)

        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    /// Files both ways through authenticated media: nio's file is listed with its size and saved
    /// byte for byte, its sticker (an event type of its own) shows as one; the shell's PNG reaches
    /// nio as an `m.image` with its type, size and dimensions.
    @Test func filesGoBothWaysThroughTheMediaRepository() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Files \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let notes = try shell.write("hello, file\n", to: "notes.txt")
        let notesURL = try await peer.upload(notes)
        try await peer.sendEvent("m.room.message", content: """
            {"msgtype": "m.file", "body": "notes.txt", "url": "\(notesURL)", "info": {"mimetype": "text/plain", "size": 12}}
            """, to: roomID)
        let image = URL(fileURLWithPath: notes).deletingLastPathComponent().appending(path: "cat.png")
        try Data(MediaTests.png).write(to: image)
        let stickerURL = try await peer.upload(image.path)
        try await peer.sendEvent("m.sticker", content: """
            {"body": "a waving cat", "url": "\(stickerURL)", "info": {"mimetype": "image/png", "size": \(MediaTests.png.count), "w": 300, "h": 200}}
            """, to: roomID)
        let saved = URL(fileURLWithPath: notes).deletingLastPathComponent().appending(path: "saved").path
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)

        let run = try await shell.run(base + ["--output", "json", "-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync",
                                        "-c", "/open \(name)", "-c", "/download ^2 \(saved)", "-c", "/upload \(image.path)", "-c", "/wait sent"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let opened = run.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]] ?? []
        let sticker = opened.first { $0["msgtype"] as? String == "m.sticker" }
        #expect(sticker?["body"] as? String == "a waving cat", "\(opened)")
        #expect((sticker?["media"] as? [String: Any])?["url"] as? String == stickerURL)
        #expect(run.objects.first { $0["command"] as? String == "download" }?["path"] as? String == saved + "/notes.txt")
        #expect(FileManager.default.contents(atPath: saved + "/notes.txt") == Data("hello, file\n".utf8))

        let sent = try #require(try await peer.events(in: roomID).last { ($0["content"] as? [String: Any])?["msgtype"] as? String == "m.image" })
        let content = try #require(sent["content"] as? [String: Any])
        let info = content["info"] as? [String: Any]
        #expect(content["body"] as? String == "cat.png")
        #expect(info?["mimetype"] as? String == "image/png")
        #expect(info?["size"] as? Int == MediaTests.png.count)
        #expect([info?["w"] as? Int, info?["h"] as? Int] == [300, 200])
        let url = try #require(content["url"] as? String)
        #expect(try await peer.downloadDigest(of: url) == Self.sha256(of: image.path), "nio gets the same bytes")

        // The shell's own image is stored once sync brings it back, which the first run did not wait for.
        let text = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(name)"]).outputLines
        #expect(text.contains { $0.hasSuffix("] Erin Nio: [file] notes.txt (12 B)") }, "\(text)")
        #expect(text.contains { $0.hasSuffix("] Erin Nio: [sticker] a waving cat (\(MediaTests.png.count) B)") }, "\(text)")
        #expect(text.contains { $0.contains(": [image] cat.png (\(MediaTests.png.count) B)") }, "\(text)")
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    static func sha256(of path: String) throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func historyPagesBackPastWhatTheFirstSyncBrought() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let name = "Long \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID)
        try await peer.send((1...30).map { "m\($0)" }, to: roomID)
        let run = try await shell.run(try shell.testerArguments(for: homeserver) + [
            "--output", "json", "-c", "/login test \(carol)", "-c", "/join \(roomID)",
            "-c", "/wait sync", "-c", "/open \(name)", "-c", "/history 20", "-c", "/logout!",
        ], extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let opened = Self.bodies(run.objects.first { $0["command"] as? String == "open" }?["messages"])
        let older = Self.bodies(run.objects.first { $0["command"] as? String == "history" }?["messages"])
        #expect(opened.last == "m30")
        // Synapse may report a room just joined as newly joined in the next sync too, with a
        // limited timeline: the shell then says the open room has a gap and starts it over, and
        // history rightly pages back from the newest again.
        let startedOver = run.objects.contains { $0["type"] as? String == "gap" }
        #expect(!older.isEmpty && (startedOver || older.last.map { !opened.contains($0) } == true),
                "history brings what /open did not show; the run said: \(run.objects.map { "\($0["command"] ?? $0["type"] ?? "?")" })")
        #expect(Set(older + opened).isSuperset(of: (1...30).map { "m\($0)" }), "together they are the whole conversation")
    }

    /// More than one sync's worth (20) arrives while the shell is gone: the sync after the restart
    /// is limited, and history must fetch across that gap, not skip it.
    @Test func messagesMissedWhileAwayAreFetchedAcrossTheGapInOrder() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Away \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID)
        try await peer.send(["before"], to: roomID)
        let first = try await shell.run(base + ["--output", "json", "-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync",
                                          "-c", "/open \(name)"], extraEnvironment: password)
        #expect(first.status == 0, "\(first)")
        #expect(Self.bodies(first.objects.first { $0["command"] as? String == "open" }?["messages"]) == ["before"])

        let away = (1...30).map { "away \($0)" }
        try await peer.send(away, to: roomID)
        let second = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)",
                                           "-c", "/history 20", "-c", "/history 20", "-c", "/history 20", "-c", "/logout!"])
        #expect(second.status == 0, "\(second)")
        let opened = Self.bodies(second.objects.first { $0["command"] as? String == "open" }?["messages"])
        // Each page is older than the one before it, oldest first within.
        let pages = second.objects.filter { $0["command"] as? String == "history" }.map { Self.bodies($0["messages"]) }
        let conversation = (pages.reversed().flatMap { $0 } + opened).filter { $0 == "before" || $0.hasPrefix("away ") }
        #expect(conversation == ["before"] + away, "every message once, in order")
    }

    @Test func aMatrixToLinkJoinsTheRoomItNames() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let roomID = try await peer.createRoom(named: "Linked", inviting: carolID)
        let link = "https://matrix.to/#/\(roomID)?via=\(homeserver.serverName)"
        let run = try await shell.run(try shell.testerArguments(for: homeserver) + [
            "--output", "json", "-c", "/login test \(carol)", "-c", "/join \(link)", "-c", "hello by link", "-c", "/wait sent",
            "-c", "/leave", "-c", "/logout!",
        ], extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        #expect(run.objects.first { $0["command"] as? String == "join" }?["room_id"] as? String == roomID)
        #expect(try await peer.messages(in: roomID).map(\.body) == ["hello by link"], "the joined room is the one the link names")
    }

    /// Unread counts move while the shell runs: the peer writes into a room that is not open.
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func unreadCountsFollowWhatThePeerWritesElsewhere() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        // Each sync's count changes are logged, for a failure to show them.
        let base = try shell.testerArguments(for: homeserver, settings: ["log_level": "debug"])
        let tag = UUID().uuidString.prefix(6)
        let here = try await peer.createRoom(named: "Here \(tag)", inviting: carolID, displayName: "Erin Nio")
        let elsewhere = try await peer.createRoom(named: "Elsewhere \(tag)", inviting: carolID)
        let login = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(here)", "-c", "/join \(elsewhere)", "-c", "/wait sync"],
                                  extraEnvironment: password)
        #expect(login.status == 0, "\(login)")

        let tmux = try await TmuxSession(shell: shell, arguments: base)
        try await tmux.waitFor("the session resumed") { $0.last?.hasPrefix("Tester \(carolID)") == true }
        try await tmux.type("/wait sync\r")
        try await tmux.type("/open Here \(tag)\r")
        // carol's other rooms may have unread messages of their own: only the change counts.
        let before = Self.unread(in: try await tmux.waitFor("the room is open") { $0.last?.hasPrefix("Tester \(carolID) Here \(tag)") == true }.last!)
        try await peer.send(["one", "two"], to: elsewhere)
        try await tmux.waitFor("two more unread in the prompt") { Self.unread(in: $0.last ?? "") == before + 2 }
        try await peer.send(["in the open room"], to: here)
        try await tmux.waitFor("the open room's message printed") { $0.contains { $0.hasSuffix("] Erin Nio: in the open room") } }
        #expect(Self.unread(in: try await tmux.screen().last ?? "") == before + 2, "what the open room shows is not unread")
        try await tmux.type("/rooms\r")
        try await tmux.waitFor("/rooms lists the count") { $0.contains { $0.contains("Elsewhere \(tag)") && $0.contains("2 unread") } }
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }

    /// The `(N)` of the prompt, 0 when it shows none.
    static func unread(in prompt: String) -> Int {
        guard let match = prompt.firstMatch(of: /\((\d+)\)/) else { return 0 }
        return Int(match.1) ?? 0
    }
}
