import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/login` by OAuth 2.0's device authorization grant against a Synapse that delegates
/// authentication (`matrix_authentication_service`) to a small authorization server built on
/// authlib (`Peers/oauth_server.py`); the test approves the code as a person would in a browser
/// (`Peers/oauth_approver.py`). Access tokens live 4 s, so every run outlives a few.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Synapse and the venv of Scripts/test"))
struct ShellDeviceLoginTests {
    static let lifetime = 4

    struct DelegatedServer {
        let synapse: PrivateHomeserver
        let authorization: DetachedServer
    }

    static func delegatedServer(deviceCodeLifetime: Int = 600) async throws -> DelegatedServer {
        let synapse = try await PrivateHomeserver(users: [])
        let secret = synapse.directory.appending(path: "mas_secret")
        try Data(UUID().uuidString.utf8).write(to: secret)
        let authorization = try await DetachedServer("oauth_server.py", [
            "--secret-file", secret.path, "--homeserver", synapse.homeserver.url.absoluteString,
            "--access-token-lifetime", "\(lifetime)", "--device-code-lifetime", "\(deviceCodeLifetime)",
        ])
        try await synapse.restart(adding: [
            "matrix_authentication_service:", "  enabled: true", "  endpoint: http://127.0.0.1:\(authorization.port)/",
            "  secret_path: \(secret.path)",
        ])
        return DelegatedServer(synapse: synapse, authorization: authorization)
    }

    /// The `sign_in` line of a run that waits for its code's approval.
    func deviceCode(_ run: RunningPeer, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let line = try #require(await run.line { $0["type"] as? String == "sign_in" }, sourceLocation: sourceLocation)
        #expect(line["method"] as? String == "oauth", sourceLocation: sourceLocation)
        return line
    }

    /// Logs `user` in by device code in a run of `shell` that then runs `lines`; returns the run,
    /// its code approved.
    func logIn(_ user: String, _ shell: ShellProcess, base: [String], then lines: [String] = ["/whoami"]) async throws -> RunningPeer {
        let run = try shell.start(base + ["--output", "json", "-c", "/login test"] + lines.flatMap { ["-c", $0] })
        let code = try await deviceCode(run)
        let complete = try #require(code["url_complete"] as? String)
        _ = try await PeerScript.run(PeerScript.path("oauth_approver.py"), [complete, "--user", user])
        return run
    }

    @Test func aDeviceCodeLoginLivesThroughExpiringTokensAndLogoutRevokes() async throws {
        let server = try await Self.delegatedServer()
        let carol = ShellProcess(), dave = ShellProcess()
        defer { carol.remove(); dave.remove() }
        let carolBase = try carol.testerArguments(for: server.synapse.homeserver)
        let daveBase = try dave.testerArguments(for: server.synapse.homeserver)

        #expect(try await logIn("dave", dave, base: daveBase).answer()["user_id"] as? String == "@dave:localhost")
        let creating = try await logIn("carol", carol, base: carolBase, then: ["/create Approved", "/invite @dave:localhost"])
        let roomID = try #require(await creating.line { $0["command"] as? String == "create" }?["room_id"] as? String)
        let invited = try await creating.answer()
        #expect(invited["command"] as? String == "invite", "\(invited)")
        let carolSessions = SessionStore(directory: carol.testerDataDirectory)
        let first = try #require(try await carolSessions.load())
        #expect(first.userID == "@carol:localhost" && first.oauth != nil && first.refreshToken != nil)

        // Carol's run outlives its token while it waits for Dave, who writes once it is refused.
        let talk = try carol.start(carolBase + ["--output", "json", "-c", "/open Approved", "-c", "/wait message later --timeout 120",
                                               "-c", "second", "-c", "/wait sent"])
        #expect(await talk.line { $0["command"] as? String == "open" } != nil)
        try await TokenExpiry.untilTurnedDown(carolSessions)
        let wrote = try await dave.run(daveBase + ["--output", "json", "-c", "/join \(roomID)", "-c", "/open Approved", "-c", "later, from dave",
                                                   "-c", "/wait sent"])
        #expect(wrote.status == 0, "\(wrote)")
        _ = try await talk.answer()
        let renewed = try #require(try await carolSessions.load())
        #expect(renewed.deviceID == first.deviceID && renewed.refreshToken != first.refreshToken, "renewed, the same device")

        // Dave sees Carol's message once: nothing was sent twice across the renewals.
        try await TokenExpiry.untilTurnedDown(SessionStore(directory: dave.testerDataDirectory))
        let read = try await dave.run(daveBase + ["--output", "json", "-c", "/wait sync", "-c", "/open Approved", "-c", "/history 20"])
        let bodies = read.objects.flatMap { ($0["messages"] as? [[String: Any]]) ?? [] }.compactMap { $0["body"] as? String }
        #expect(bodies.filter { $0 == "second" }.count == 1, "\(bodies)")

        #expect(try await carol.run(carolBase + ["--output", "json", "-c", "/account"]).result(of: "account")?["url"] as? String
            == "http://127.0.0.1:\(server.authorization.port)/account")

        // Logout revokes: the tokens the file held are dead at the server.
        let before = try #require(try await carolSessions.load())
        let out = try await carol.run(carolBase + ["--output", "json", "-c", "/logout!"])
        #expect(out.status == 0, "\(out)")
        await #expect(throws: MatrixError.unknownToken(softLogout: false)) {
            try await MatrixAuthService(transport: CurlTransport(userAgent: "element-shell-tests")).whoami(before)
        }
        try LogLeaks.expectNone(of: [before.accessToken, before.refreshToken ?? "", first.accessToken], in: carol.testerLog())
    }

    @Test func aKillDuringARenewalLeavesASessionThatResumes() async throws {
        let server = try await Self.delegatedServer()
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.synapse.homeserver)
        #expect(try await logIn("erin", shell, base: base).answer()["user_id"] as? String == "@erin:localhost")
        let sessions = SessionStore(directory: shell.testerDataDirectory)
        // The renewal goes through a proxy that holds it: the session's token endpoint is moved there.
        let proxy = try await FaultProxy(upstream: URL(string: "http://127.0.0.1:\(server.authorization.port)")!)
        _ = try await sessions.load()
        _ = try await sessions.update { session in
            session.oauth?.tokenEndpoint = proxy.url.appending(path: "oauth2/token")
            return true
        }
        try await TokenExpiry.expectAKillDuringARenewalToResume(shell, base: base, sessions: sessions, proxy: proxy,
                                                                renewalPath: "/oauth2/token$")
    }

    @Test func aRefusedCodeEndsWithoutASession() async throws {
        let server = try await Self.delegatedServer()
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.synapse.homeserver)

        let denied = try shell.start(base + ["--output", "json", "-c", "/login test"])
        let code = try await deviceCode(denied)
        _ = try await PeerScript.run(PeerScript.path("oauth_approver.py"), [try #require(code["url_complete"] as? String), "--user", "frank", "--deny"])
        await #expect(throws: PeerScript.Failure.self) { try await denied.answer() }
        let refusal = try #require(await denied.line { $0["command"] as? String == "login" })
        #expect((refusal["error"] as? [String: Any])?["code"] as? String == "login_denied")
        #expect(!FileManager.default.fileExists(atPath: shell.testerDataDirectory.appending(path: "session.json").path))
    }

    /// Nobody approves: the code's end is the only way out, however slow the machine.
    @Test func anExpiredCodeEndsWithoutASession() async throws {
        let server = try await Self.delegatedServer(deviceCodeLifetime: 3)
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.synapse.homeserver)
        let expired = try await shell.run(base + ["--output", "json", "-c", "/login test"])
        #expect(expired.status != 0, "\(expired)")
        #expect((expired.result(of: "login")?["error"] as? [String: Any])?["code"] as? String == "device_code_expired")
        #expect(!FileManager.default.fileExists(atPath: shell.testerDataDirectory.appending(path: "session.json").path))
    }
}
