import Foundation
import Testing

/// What carol meets at a terminal in a room erin (matrix-nio) writes in: opening reads the room,
/// a paste is one message. In the messaging suite, whose accounts they use.
extension ShellMessagingIntegrationTests {
    /// A room of erin's that carol has joined and read, erin's `unread` messages after that, and
    /// carol's shell in a terminal, resumed.
    private func terminalInRoom(named name: String, unread: [String] = [], peerName: String = "Erin Nio",
                                shell: ShellProcess) async throws -> (TmuxSession, roomID: String) {
        let base = try shell.testerArguments(for: homeserver)
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: peerName)
        try await peer.send(["before carol came"], to: roomID)
        let joined = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/read"],
                                         extraEnvironment: password)
        #expect(joined.status == 0, "\(joined.standardOutput)")
        if !unread.isEmpty { try await peer.send(unread, to: roomID) }
        // Tall enough for a room's messages and carol's rooms on one screen.
        let tmux = try await TmuxSession(shell: shell, arguments: base, width: 160, height: 150)
        try await tmux.waitFor("the session resumed") { $0.last?.hasPrefix("Tester \(carolID)") == true }
        return (tmux, roomID)
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func openingARoomInTheTerminalReadsItAtOnce() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let name = "Unread \(UUID().uuidString.prefix(6))"
        let (tmux, roomID) = try await terminalInRoom(named: name, unread: (1...5).map { "unread \($0)" }, shell: shell)
        /// The room's row in the `/rooms` table printed after `command`.
        func row(after command: String, on screen: [String]) -> String? {
            let printed = TmuxSession.printed(after: command, on: screen)
            guard let listed = printed.lastIndex(where: { $0.hasSuffix("> /rooms") }) else { return nil }
            return printed[(listed + 1)...].first { $0.contains(name) }
        }
        try await tmux.type("/wait sync\r/rooms\r")
        let before = try await tmux.waitFor("the rooms") { row(after: "/wait sync", on: $0) != nil }
        #expect(row(after: "/wait sync", on: before)?.contains("5 unread") == true, "\(before.joined(separator: "\n"))")

        // Nothing waits for the receipt: the room is read as soon as it shows.
        try await tmux.type("/open \(name)\r/rooms\r")
        let opened = try await tmux.waitFor("the rooms after opening") { row(after: "/open \(name)", on: $0) != nil }
        #expect(row(after: "/open \(name)", on: opened)?.contains("unread") == false, "\(opened.joined(separator: "\n"))")

        // The server's next sync agrees.
        try await tmux.type("/wait sync\r/echo synced\r/rooms\r")
        let synced = try await tmux.waitFor("the rooms after a sync") { row(after: "/echo synced", on: $0) != nil }
        #expect(row(after: "/echo synced", on: synced)?.contains("unread") == false, "\(synced.joined(separator: "\n"))")
        let newest = try #require(try await peer.events(in: roomID).last?["event_id"] as? String)
        #expect(try await peer.readReceipt(of: carolID, in: roomID) == newest, "the server has the receipt")
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func aPastedBlockIsOneMessage() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let name = "Paste \(UUID().uuidString.prefix(6))"
        let (tmux, roomID) = try await terminalInRoom(named: name, shell: shell)
        try await tmux.type("/open \(name)\r")
        try await tmux.waitFor("the room is open") { $0.last?.hasPrefix("Tester \(carolID) \(name)") == true }
        try await tmux.paste("first line\nsecond **line**\nthird line\n")
        try await tmux.waitFor("the block waits in the input line") { $0.suffix(3).first?.hasSuffix("> first line") == true }
        try await tmux.press("Enter")
        #expect(try await peer.receives("first line\nsecond **line**\nthird line", in: roomID), "one message, its lines kept")
        try await tmux.type("/wait sent\r")
        try await tmux.waitFor("sent") { $0.last?.hasPrefix("Tester \(carolID) \(name)") == true && $0.contains { $0.contains("/wait sent") } }
        let bodies = try await peer.messages(in: roomID).filter { $0.sender == carolID }.map(\.body)
        #expect(bodies == ["first line\nsecond **line**\nthird line"])
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func tabCompletesRoomNamesAndPeople() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let name = "Demo \(UUID().uuidString.prefix(6))"
        let (tmux, _) = try await terminalInRoom(named: name, peerName: "Nio Peer", shell: shell)
        let prompt = "Tester \(carolID)"
        try await tmux.type("/wait sync\r/open dem")
        try await tmux.press("Tab")
        // Carol's other rooms may be unread: the prompt counts them before its `>`.
        try await tmux.waitFor("the room's name, spaces and all") {
            $0.last?.hasPrefix(prompt) == true && $0.last?.trimmingCharacters(in: .whitespaces).hasSuffix("> /open \(name)") == true
        }
        try await tmux.press("Enter")
        try await tmux.waitFor("the room is open") { $0.last?.hasPrefix("\(prompt) \(name)") == true }
        try await tmux.type("/whois nio")
        try await tmux.press("Tab")
        try await tmux.waitFor("erin by her display name here") { $0.last?.trimmingCharacters(in: .whitespaces).hasSuffix("> /whois \(peer.userID)") == true }
        try await tmux.press("C-a", "C-k")
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }
}
