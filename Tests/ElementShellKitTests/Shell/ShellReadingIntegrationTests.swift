import Foundation
import Testing

/// Receipts and typing between the binary (as carol) and erin on matrix-nio. In the messaging
/// suite, because both log into its accounts and the suite runs one test at a time.
extension ShellMessagingIntegrationTests {
    static func rooms(_ run: ShellProcess.Result, command: Int) -> [[String: Any]] {
        let listed = run.objects.filter { $0["command"] as? String == "rooms" }
        return listed.indices.contains(command) ? listed[command]["rooms"] as? [[String: Any]] ?? [] : []
    }

    @Test func openingMarksReadForThePeerToSeeAndTheServerCountsFollow() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Receipts \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID)
        // Carol reads what was there when she came, so the counts that follow are the server's
        // from her receipt. Without one, Synapse counts from her join, but the counts it sums up
        // in the background (event_push_summary) are not bounded by the join: on a busy machine
        // the invite's notification stayed counted, and the two messages below made three.
        try await peer.send(["before carol came"], to: roomID)
        let joined = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/read"],
                                         extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")
        try await peer.send(["unread one", "unread two"], to: roomID)

        let opened = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/rooms --unread", "-c", "/open \(name)", "-c", "/wait sync"])
        #expect(opened.status == 0, "\(opened)")
        let unread = Self.rooms(opened, command: 0).first { $0["room_id"] as? String == roomID }
        #expect(unread?["notification_count"] as? Int == 2, "\(opened.standardOutput)")
        let messages = try #require(opened.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]])
        let newest = try #require(messages.last?["event_id"] as? String)
        #expect(messages.last?["body"] as? String == "unread two")
        #expect(try await peer.readReceipt(of: carolID, in: roomID) == newest, "the peer sees carol's receipt on the newest message")

        // A new process reads the counts the store took from the server's sync, not the ones zeroed in memory.
        let later = try await shell.run(base + ["--output", "json", "-c", "/rooms", "-c", "/rooms --unread"])
        #expect(Self.rooms(later, command: 0).first { $0["room_id"] as? String == roomID }?["notification_count"] as? Int == 0)
        #expect(!Self.rooms(later, command: 1).contains { $0["room_id"] as? String == roomID })

        // A private receipt moves carol's read state without the peer seeing it move.
        try await peer.send(["read in private"], to: roomID)
        let quiet = try await shell.run(base + ["--output", "json", "-c", "/set private_receipts on", "-c", "/wait sync", "-c", "/read \(name)",
                                          "-c", "/wait sync", "-c", "/rooms"])
        #expect(quiet.status == 0, "\(quiet)")
        #expect(Self.rooms(quiet, command: 0).first { $0["room_id"] as? String == roomID }?["notification_count"] as? Int == 0)
        #expect(try await peer.readReceipt(of: carolID, in: roomID) == newest)
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func typingGoesBothWays() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let tag = UUID().uuidString.prefix(6)
        let roomID = try await peer.createRoom(named: "Typing \(tag)", inviting: carolID, displayName: "Erin Nio")
        let login = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync"], extraEnvironment: password)
        #expect(login.status == 0, "\(login)")

        let tmux = try await TmuxSession(shell: shell, arguments: base, width: 160)
        try await tmux.waitFor("the session resumed") { $0.last?.hasPrefix("Tester \(carolID)") == true }
        try await tmux.type("/open Typing \(tag)\r")
        try await tmux.waitFor("the room is open") { $0.last?.hasPrefix("Tester \(carolID) Typing \(tag)") == true }
        try await peer.startTyping(in: roomID)
        try await tmux.waitFor("the peer typing in the prompt") { $0.last?.contains("Typing \(tag) (Erin Nio is typing…)") == true }

        try await tmux.type("hello, erin")
        #expect(try await peer.seesTyping(of: carolID, in: roomID), "the peer sees carol typing")
        // Ctrl-C comes as a signal, which keys typed right after may overtake.
        try await tmux.press("C-c")
        try await tmux.waitFor("the typed line dropped") { $0.contains { $0.hasSuffix("hello, erin^C") } }
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }
}
