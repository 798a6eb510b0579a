import Foundation
import Testing
import TestSupport

/// A mention asks for attention at a terminal: with `notify desktop`, `notify-send` (here a stand-in
/// on the PATH that writes its arguments into a FIFO the test reads) is told who wrote where, but
/// not what.
extension ShellMessagingIntegrationTests {
    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func aMentionRingsAndNotifiesWithoutTheText() async throws {
        var shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Alerts \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let login = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync"], extraEnvironment: password)
        #expect(login.status == 0, "\(login)")

        let stand = try shell.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/notified\"\n", to: "bin/notify-send")
        chmod(stand, 0o755)
        shell.environment["PATH"] = URL(fileURLWithPath: stand).deletingLastPathComponent().path + ":" + (shell.environment["PATH"] ?? "/usr/bin:/bin")
        // In place before the shell runs: a notification of something else (an invite from
        // another suite to this shared account) must not make it a plain file first.
        let fifo = URL(fileURLWithPath: stand).deletingLastPathComponent().appending(path: "notified").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let tmux = try await TmuxSession(shell: shell, arguments: base)
        try await tmux.waitFor("the session resumed") { $0.last?.hasPrefix("Tester \(carolID)") == true }
        try await tmux.type("/set notify desktop\r")
        try await tmux.type("/wait sync\r")
        try await tmux.waitFor("caught up") { $0.last?.hasPrefix("Tester \(carolID)") == true && !$0.last!.contains("syncing") }
        async let notified = Self.readFromOneWriter(fifo: fifo)
        try await peer.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "\#(carolID) secret plans", "m.mentions": {"user_ids": ["\#(carolID)"]}}"#,
                           to: roomID)
        // Notifications of anything else the shared account meets meanwhile come first, one
        // writer each; the mention's is the one to look at.
        var arguments = try await notified.split(separator: "\n").map(String.init)
        while !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("Erin Nio in ") }) {
            arguments = try await Self.readFromOneWriter(fifo: fifo).split(separator: "\n").map(String.init)
        }
        #expect(arguments.contains("Erin Nio in \(name)"), "\(arguments)")
        #expect(!arguments.joined().contains("secret plans"), "the text stays out unless notify_bodies is on")
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }

    /// What the first writer of the FIFO at `path` writes, read to its end. The read is woken by
    /// the writer (`poll`); the tests' deadline is poll's timeout, so a notification that never
    /// comes fails the test instead of hanging it. (Linux reports no hang-up on a FIFO that never
    /// had a writer, so the wait lasts until one comes.)
    static func readFromOneWriter(fifo path: String) async throws -> String {
        try await offThePool {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else { return "" }
            defer { close(descriptor) }
            let deadline = Date().addingTimeInterval(Waiting.deadlineSeconds)
            var text = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, Int32(max(0, deadline.timeIntervalSinceNow) * 1000)) > 0 else { break }
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                text.append(contentsOf: buffer[..<count])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
