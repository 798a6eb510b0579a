import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The binary (as heidi) behind the fault-injecting proxy, with ivan on matrix-nio talking to
/// Synapse directly: rate limits, server errors, dropped and stalled connections, broken sync
/// bodies and odd events. Whatever the fault, the shell neither crashes nor hangs, every message
/// reaches the server exactly once and in order, and sync comes back by itself. heidi and ivan
/// are this suite's alone; its tests run one at a time, each with a new login of heidi's.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the nio venv of Scripts/test"))
struct ShellFaultTests {
    final class Setup {
        let homeserver: TestHomeserver
        let shell = ShellProcess()
        let proxy: FaultProxy
        let peer: NioPeer
        let room: String
        let roomID: String
        private let arguments: [String]
        let userID: String

        /// heidi logged in through the proxy and in a new room of ivan's, its first sync done.
        init(room: String) async throws {
            let homeserver = TestHomeserver.current!
            self.homeserver = homeserver
            userID = "@\(homeserver.user(7)):\(homeserver.serverName)"
            proxy = try await FaultProxy(upstream: homeserver.url)
            peer = NioPeer(homeserver: homeserver, user: homeserver.user(8))
            self.room = "\(room) \(UUID().uuidString.prefix(6))"
            // Stalled requests give up after 3 s; the log is as verbose as it gets, to be searched.
            let config = try shell.write("""
                homeservers:
                  test: { url: \(proxy.url.absoluteString) }
                profiles:
                  tester: { app_name: Tester, default_homeserver: test, settings: { log_level: trace, request_timeout: 3\(ShellProcess.syncSettingYAML) } }
                """, to: "config.yaml")
            arguments = ["--config", config, "--profile", "tester", "--no-rc", "--output", "json"]
            roomID = try await peer.createRoom(named: self.room, inviting: userID)
            // The 3 s limit is for the faults; a Synapse busy with the whole suite has taken longer
            // than that over a join, so this run lifts it for itself.
            let login = try await shell.run(arguments + ["-c", "/set request_timeout 120", "-c", "/login test \(homeserver.user(7))",
                                                         "-c", "/join \(roomID)", "-c", "/wait sync --timeout 600"],
                                            extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
            guard login.status == 0 else { throw FaultProxy.Failure(reason: "setup: \(login.standardOutput)") }
        }

        deinit {
            shell.remove()
        }

        /// Runs the shell on `lines` (each one `-c`), the stored session resumed.
        func run(_ lines: [String]) async throws -> ShellProcess.Result {
            try await shell.run(arguments + lines.flatMap { ["-c", $0] })
        }

        /// The bodies `/open` showed in the last run.
        func opened(in run: ShellProcess.Result) -> [[String: Any]] {
            run.objects.last { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]] ?? []
        }

        /// The room's messages from heidi as the server keeps them, oldest first.
        func sentBodies() async throws -> [String] {
            try await peer.messages(in: roomID).filter { $0.sender == userID }.map(\.body)
        }

        var log: String {
            (try? String(contentsOf: shell.home.appending(path: ".local/share/element-shell/tester/element-shell.log"), encoding: .utf8)) ?? ""
        }
    }

    static let serverError: [String: JSONValue] = ["errcode": "M_UNKNOWN", "error": "Internal server error"]

    @Test func aRateLimitedRequestWaitsWhatTheServerAsksAndGoesOnce() async throws {
        let setup = try await Setup(room: "Limits")
        try await setup.proxy.add(.rateLimited(retryAfterMilliseconds: 2000), path: "/send/m.room.message/", method: "PUT")
        try await setup.proxy.add(.rateLimited(retryAfterMilliseconds: 1000), path: "/sync$")
        let run = try await setup.run(["/open \(setup.room)", "limited once", "/wait sent --timeout 60", "/wait sync"])
        #expect(run.status == 0, "\(run)")

        // Refused once, then sent. On a busy machine a send may outlast this suite's 3 s
        // request_timeout and go again with its transaction ID, which the server takes once: what
        // counts is the wait before the first retry, and one message on the server.
        let sends = try await setup.proxy.requests().filter { $0.method == "PUT" && $0.path.contains("/send/") }
        try #require(sends.count >= 2, "refused once, then sent")
        #expect(sends[0].fault == "status" && sends.dropFirst().allSatisfy { $0.fault == nil })
        #expect(sends[1].time - sends[0].time >= 2, "the retry waited the 2 s the server asked")
        #expect(try await setup.sentBodies() == ["limited once"])
    }

    @Test func serverErrorsAndDroppedConnectionsLoseNothingAndDuplicateNothing() async throws {
        let setup = try await Setup(room: "Errors")
        // Each message meets an error before the server has it, then one after (the server
        // stored it, the shell never heard): resent with its transaction ID, it must count once.
        for fault: FaultProxy.Fault in [.status(500, body: Self.serverError), .resetMidBody, .status(503, body: Self.serverError), .truncated] {
            try await setup.proxy.add(fault, path: "/send/m.room.message/", method: "PUT")
        }
        for fault: FaultProxy.Fault in [.status(502, body: Self.serverError), .resetMidBody, .truncated] {
            try await setup.proxy.add(fault, path: "/sync$")
        }
        let run = try await setup.run(["/open \(setup.room)", "first through faults", "second through faults", "/wait sent --timeout 90",
                                       "/wait sync --timeout 60"])
        let requests = try await setup.proxy.requests()
        #expect(run.status == 0, "\(run.standardOutput)\n\(setup.log.suffix(20_000))\n\(requests)")
        let faults = try await setup.proxy.requests().compactMap(\.fault)
        #expect(faults.count == 7, "every fault was met: \(faults)")
        #expect(try await setup.sentBodies() == ["first through faults", "second through faults"])

        // Sync goes on: what ivan says arrives (within a few catch-ups: it once missed the first,
        // cause unknown; the run and the proxy's log say more should it miss them all), and the
        // shell shows each message once.
        try await setup.peer.send(["after the faults"], to: setup.roomID)
        var after = try await setup.run(["/wait sync", "/open \(setup.room)"])
        var bodies = setup.opened(in: after).compactMap { $0["body"] as? String }
        for _ in 0..<2 where !bodies.contains("after the faults") {
            after = try await setup.run(["/wait sync", "/open \(setup.room)"])
            bodies = setup.opened(in: after).compactMap { $0["body"] as? String }
        }
        let seen = try await setup.proxy.requests().map { "\($0.method) \($0.path) \($0.fault ?? "")" }
        #expect(bodies.suffix(3) == ["first through faults", "second through faults", "after the faults"],
                "\(bodies); the run said: \(after.standardOutput.prefix(2000)); the proxy saw: \(seen)")
    }

    @Test func stalledRequestsTimeOutAndTheirLateArrivalCountsOnce() async throws {
        let setup = try await Setup(room: "Stalls")
        // Past the 3 s request timeout; the send reaches the server only after the shell's retry did.
        try await setup.proxy.add(.stall(seconds: 6, forwardAfter: true), path: "/send/m.room.message/", method: "PUT")
        try await setup.proxy.add(.stall(seconds: 6), path: "/sync$")
        let started = Date()
        let run = try await setup.run(["/open \(setup.room)", "through a stall", "/wait sent --timeout 60", "/wait sync --timeout 60"])
        #expect(run.status == 0, "\(run)")
        #expect(Date().timeIntervalSince(started) < 40, "no request waited much past its timeout")
        // The stalled request reaches the server after the retry.
        try await setup.proxy.settled()
        let sends = try await setup.proxy.requests().filter { $0.method == "PUT" && $0.path.contains("/send/") }
        #expect(sends.count == 2 && sends.first?.fault == "stall")
        #expect(try await setup.sentBodies() == ["through a stall"])
    }

    @Test func brokenSyncBodiesAreReadAgainFromTheSameToken() async throws {
        let setup = try await Setup(room: "Broken")
        try await setup.peer.send(["said while sync was broken"], to: setup.roomID)
        for body in [#"{"next_batch": "s1", "rooms": {"join": {"#, #"{"next_batch": 42, "rooms": []}"#, "[]", "<html>Bad gateway</html>"] {
            try await setup.proxy.add(.replaceBody(body), path: "/sync$")
        }
        let run = try await setup.run(["/wait sync --timeout 60", "/open \(setup.room)"])
        #expect(run.status == 0, "\(run)")
        #expect(try await setup.proxy.requests().compactMap(\.fault) == Array(repeating: "replace_body", count: 4))
        let bodies = setup.opened(in: run).compactMap { $0["body"] as? String }
        #expect(bodies.filter { $0 == "said while sync was broken" }.count == 1, "\(bodies)")
        #expect(setup.log.contains("Sync failed (bad_response)"), "each broken body is logged as such")
    }

    /// A command's own request meets a server error or a dropped connection: it says why, in
    /// the user's language, nothing changes, and the same command works the next time.
    @Test func aCommandWhoseRequestFailsSaysWhyAndWorksTheNextTime() async throws {
        let setup = try await Setup(room: "Commands")
        // More than a screenful: /history has to ask the server. Opened once first, so that the
        // store holds the screenful whichever sync ran (sliding sync brings one message and /open
        // fetches the rest).
        try await setup.peer.send((1...30).map { "older \($0)" }, to: setup.roomID)
        let other = try await setup.peer.createPublicRoom(named: "Elsewhere \(UUID().uuidString.prefix(6))")
        let opened = try await setup.run(["/wait sync", "/open \(setup.room)"])
        #expect(opened.status == 0, "\(opened)")
        try await setup.proxy.add(.status(502, body: Self.serverError), path: "/messages$")
        try await setup.proxy.add(.resetMidBody, path: "/join/")
        let run = try await setup.run(["/open \(setup.room)", "/history 20", "/history 20", "/join \(other)", "/join \(other)"])
        let results = run.objects.filter { $0["type"] as? String == "result" }
        let outcomes = results.compactMap { result in (result["command"] as? String).map { "\($0) \(result["ok"] as? Bool == true)" } }
        #expect(outcomes.suffix(4) == ["history false", "history true", "join false", "join true"], "\(outcomes)")
        let errors = results.compactMap { $0["error"] as? [String: Any] }
        #expect(errors.compactMap { $0["code"] as? String } == ["M_UNKNOWN", "network"], "\(errors)")
        #expect(errors.allSatisfy { ($0["message"] as? String)?.isEmpty == false }, "each says why in words")
        let older = results.last { $0["command"] as? String == "history" }?["messages"] as? [[String: Any]] ?? []
        #expect(older.contains { $0["body"] as? String == "older 1" }, "the second try brought the page")
    }

    /// Odd events in a sync response: an unknown type, fields of the wrong type, content nested
    /// past the reader's limit, and a 64 KiB message. The malformed ones show as such, the rest as
    /// usual, and the log names them without a word of their content.
    @Test func oddEventsShowAsSuchAndEverythingAroundThemStands() async throws {
        let setup = try await Setup(room: "Odd")
        let sender = setup.peer.userID
        let marker = "odd-\(UUID().uuidString.prefix(8))"
        func event(_ id: String, _ fields: String) -> String {
            #"{"event_id": "$\#(id)-\#(marker)", "origin_server_ts": 1700000000000, "unsigned": {}, \#(fields)}"#
        }
        let deep = String(repeating: #"{"a":["#, count: 1000) + #""\#(marker)-deep""# + String(repeating: "]}", count: 1000)
        let long = "\(marker)-long " + String(repeating: "x", count: 64 * 1024 - 100)
        let events = [
            event("unknown", #""type": "org.example.fault", "sender": "\#(sender)", "content": {"body": "\#(marker)-unknown"}"#),
            event("number", #""type": "m.room.message", "sender": "\#(sender)", "content": {"msgtype": "m.text", "body": 42, "x": "\#(marker)-number"}"#),
            event("sender", #""type": "m.room.message", "sender": ["\#(sender)"], "content": {"msgtype": "m.text", "body": "\#(marker)-sender"}"#),
            event("deep", #""type": "m.room.message", "sender": "\#(sender)", "content": \#(deep)"#),
            event("long", #""type": "m.room.message", "sender": "\#(sender)", "content": {"msgtype": "m.text", "body": "\#(long)"}"#),
            event("after", #""type": "m.room.message", "sender": "\#(sender)", "content": {"msgtype": "m.text", "body": "after the odd ones"}"#),
        ]
        // Twice: `/wait sync` may cancel the request that met the first; the store keeps each event once.
        try await setup.proxy.add(.inject(events: events, roomID: setup.roomID), path: "/sync$", times: 2)
        let run = try await setup.run(["/wait sync", "/open \(setup.room)"])
        #expect(run.status == 0, "\(run)")

        let shown = setup.opened(in: run).filter { ($0["event_id"] as? String)?.hasSuffix(marker) == true }
        #expect(shown.compactMap { $0["event_id"] as? String } == ["number", "sender", "deep", "long", "after"].map { "$\($0)-\(marker)" },
                "in order, the unknown type left out")
        #expect(shown.map { $0["malformed"] as? String } == ["content.body", "sender", "content", nil, nil])
        #expect((shown.first { $0["event_id"] as? String == "$long-\(marker)" }?["body"] as? String) == long)
        #expect(!run.standardOutput.contains("\(marker)-number") && !run.standardOutput.contains("\(marker)-deep"))

        // In text, a malformed event says so in the user's language.
        let text = try await setup.shell.run(["--config", setup.shell.home.appending(path: "config.yaml").path, "--profile", "tester",
                                              "--no-rc", "-c", "/open \(setup.room)"])
        #expect(text.standardOutput.contains("Malformed event: its content.body does not fit the Matrix specification"))

        let log = setup.log
        for id in ["number", "sender", "deep"] {
            #expect(log.contains("Malformed event $\(id)-\(marker) in \(setup.roomID)"), "logged: \(id)")
        }
        #expect(!log.contains("\(marker)-"), "no content of any of them reaches the log")
    }
}
