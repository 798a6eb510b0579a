import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The outbox and sync against a homeserver that goes away. Each test has a Synapse of its own to
/// stop and start (the shared one serves the other suites meanwhile), alice in element-shell in a
/// terminal and bob on matrix-nio.
@Suite(.enabled(if: PrivateHomeserver.isAvailable && TmuxSession.isAvailable, "needs tmux, and Scripts/test for private servers and the nio venv"))
struct ShellOutageTests {
    /// A private server where alice, logged in by an earlier run of the shell, and bob share a room.
    final class Setup {
        let server: PrivateHomeserver
        /// Between the shell and the server, when asked for; it stays up while the server is down.
        let proxy: FaultProxy?
        let shell = ShellProcess()
        let arguments: [String]
        let peer: NioPeer
        let room: String
        let roomID: String
        var aliceID: String { "@alice:\(server.homeserver.serverName)" }

        init(room: String, throughProxy: Bool = false) async throws {
            server = try await PrivateHomeserver(users: ["alice", "bob"])
            peer = NioPeer(homeserver: server.homeserver, user: "bob")
            self.room = room
            var shellsServer = server.homeserver
            proxy = throughProxy ? try await FaultProxy(upstream: server.homeserver.url) : nil
            if let proxy { shellsServer.url = proxy.url }
            arguments = try shell.testerArguments(for: shellsServer)
            roomID = try await peer.createRoom(named: room, inviting: "@alice:\(server.homeserver.serverName)")
            let login = try await shell.run(arguments + ["-c", "/login test alice", "-c", "/join \(roomID)", "-c", "/wait sync"],
                                      extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
            guard login.status == 0 else { throw SetupFailure(output: login.standardOutput + login.standardError) }
        }

        deinit {
            shell.remove()
        }

        /// The shell in a terminal, its stored session resumed and the room open.
        func startShell() async throws -> TmuxSession {
            let tmux = try await TmuxSession(shell: shell, arguments: arguments)
            try await tmux.waitFor("the session resumed") { $0.last?.hasPrefix("Tester \(aliceID)") == true }
            try await tmux.type("/open \(room)\r")
            try await tmux.waitFor("the room is open") { $0.last?.hasPrefix("Tester \(aliceID) \(room)") == true }
            return tmux
        }

        /// The shell's store, read while no shell runs.
        func store() throws -> StoreWriter {
            try StoreWriter(url: shell.testerStoreURL())
        }
    }

    struct SetupFailure: Error {
        let output: String
    }

    /// Waits until every line typed so far has run and the outbox is empty, or fails after 60 s.
    static func waitUntilSent(_ tmux: TmuxSession) async throws {
        try await tmux.type("/wait sent --timeout 60\r")
        try await tmux.type("/queue\r")
        try await tmux.waitFor("the outbox empties", timeout: 70) { TmuxSession.printed(after: "/queue", on: $0).contains("Nothing waits to be sent.") }
    }

    /// Twenty seconds without the server: the prompt says offline and counts down to the next
    /// try, input is still taken, what was typed meanwhile is delivered once, and sync comes back
    /// by itself. More than one sync brings was said meanwhile (sync is held at the proxy until it
    /// was): the gap is marked, and `/history` fills it.
    @Test func aTwentySecondOutageIsRiddenOutAndTheGapItLeftIsMarkedAndFilled() async throws {
        let setup = try await Setup(room: "Gap", throughProxy: true)
        let proxy = try #require(setup.proxy)
        try await setup.peer.send(["before the outage"], to: setup.roomID)
        let tmux = try await setup.startShell()
        try await tmux.waitFor("the message before the outage") { $0.contains { $0.hasSuffix(": before the outage") } }

        try await setup.server.stop()
        let stopped = Date()
        try await tmux.type("typed during the outage\r")
        try await tmux.waitFor("the prompt says offline") { $0.last?.contains("(offline — retrying in") == true }
        try await tmux.type("/queue\r")
        try await tmux.waitFor("the message waits in the outbox") {
            $0.contains { $0.contains("Gap") && $0.contains("typed during the outage") && $0.contains("waiting") }
        }
        try await proxy.add(.hold, path: "/sync$", times: 1000)
        try await Task.sleep(for: .seconds(max(0, 20 - Date().timeIntervalSince(stopped))))
        try await setup.server.start()
        let missed = (1...30).map { String(format: "missed %02d", $0) }
        try await setup.peer.send(missed, to: setup.roomID)
        try await proxy.release()

        try await tmux.waitFor("the newest message", timeout: 90) { $0.contains { $0.hasSuffix(": missed 30") } }
        #expect(try await tmux.scrollback().contains { $0.contains("Messages in Gap were skipped while you were away; /history shows them.") })
        try await Self.waitUntilSent(tmux)
        #expect(try await setup.peer.messages(in: setup.roomID).filter { $0.body == "typed during the outage" }.count == 1)
        try await tmux.type("/history\r")
        try await tmux.waitFor("history fills the gap") { $0.contains { $0.hasSuffix(": missed 01") } }
        #expect(try await tmux.screen().last?.contains("(offline") == false)
    }

    /// A script run while the server is away ends once its own lines have: its catch-up failed
    /// and is not waited for (it would retry until the server is back), nor is it when `/wait
    /// sync` starts another. Each run would otherwise sit out `request_timeout` (120 s here) at
    /// its end. What the store holds is still shown.
    @Test func aScriptRunWhileTheServerIsAwayEndsWithoutWaitingForIt() async throws {
        let setup = try await Setup(room: "Away")
        try await setup.server.stop()
        let arguments = try setup.shell.testerArguments(for: setup.server.homeserver, settings: ["request_timeout": "120"])
        let started = Date()
        let listing = try await setup.shell.run(arguments + ["-c", "/rooms"])
        #expect(listing.status == 0 && listing.standardOutput.contains("Away"), "\(listing)")
        let waiting = try await setup.shell.run(arguments + ["-c", "/wait sync --timeout 3"])
        #expect(waiting.status != 0 && waiting.standardError.contains("3 s"), "\(waiting)")
        #expect(Date().timeIntervalSince(started) < 100, "neither run sat out the 120 s request timeout")
    }

    @Test func aKilledShellResendsItsOutboxAtStartOnceAndInOrder() async throws {
        let setup = try await Setup(room: "Outbox")
        try await setup.server.stop()
        let texts = ["first", "second", "third"]
        do {
            let tmux = try await setup.startShell()
            for text in texts { try await tmux.type(text + "\r") }
            try await tmux.type("/queue\r")
            try await tmux.waitFor("all three wait in the outbox") { screen in
                texts.allSatisfy { text in screen.contains { $0.contains(text) && $0.contains("waiting") } }
            }
            kill(try await tmux.panePID(), SIGKILL)
            try await tmux.waitFor("the shell is gone") { _ in await tmux.hasExited }
        }
        let queued = try await setup.store().outbox()
        #expect(queued.map(\.body) == texts)

        try await setup.server.start()
        let tmux = try await setup.startShell()
        try await Self.waitUntilSent(tmux)
        let received = try await setup.peer.messages(in: setup.roomID).filter { $0.sender == setup.aliceID }.map(\.body)
        #expect(received == texts, "each message once, in the order typed")
        // The echoes carry the transaction IDs the outbox had before the kill: the same messages, resent.
        try await tmux.type("/wait sync\r")
        try await tmux.type("/quit\r")
        try await tmux.waitFor("the shell has ended") { _ in await tmux.hasExited }
        let echoes = try await setup.store().messages(in: setup.roomID, before: nil, limit: 10).filter { $0.sender == setup.aliceID }
        #expect(echoes.map(\.transactionID) == queued.map(\.transactionID))
    }

    /// The worst moment for a kill: the server has the message, the shell has not heard back. The
    /// server is paused so the request waits in its socket, the shell is killed, then the server
    /// takes the request and stores the message; the restarted shell sends it again with the same
    /// transaction ID, and the server must recognise it.
    @Test func aShellKilledBeforeTheServerAnsweredDoesNotSendTwice() async throws {
        let setup = try await Setup(room: "Flight")
        do {
            let tmux = try await setup.startShell()
            // A fresh long poll: sync asks nothing more for half a minute, so what reaches the
            // paused server is the message.
            try await tmux.type("/wait sync\r")
            try await tmux.type("/echo synced\r")
            try await tmux.waitFor("caught up") { TmuxSession.printed(after: "/echo synced", on: $0).contains("synced") }
            try setup.server.pause()
            try await tmux.type("sent into the silence\r")
            try await tmux.waitFor("the request waits in the server's socket") { _ in setup.server.holdsUnreadRequest }
            kill(try await tmux.panePID(), SIGKILL)
            try await tmux.waitFor("the shell is gone") { _ in await tmux.hasExited }
        }
        try setup.server.resume()
        let deadline = Date().addingTimeInterval(20)
        while try await !setup.peer.messages(in: setup.roomID).contains(where: { $0.body == "sent into the silence" }) {
            try #require(Date() < deadline, "the server stores a message whose sender is gone")
        }
        #expect(try await setup.store().outbox().map(\.body) == ["sent into the silence"], "the shell never heard that it was sent")

        let tmux = try await setup.startShell()
        try await Self.waitUntilSent(tmux)
        #expect(try await setup.peer.messages(in: setup.roomID).filter { $0.body == "sent into the silence" }.count == 1)
    }
}
