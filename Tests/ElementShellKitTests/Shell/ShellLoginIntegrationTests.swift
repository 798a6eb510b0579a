import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The whole path, binary to Synapse: log in, resume after a restart, log out.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse that Scripts/test starts"))
struct ShellLoginIntegrationTests {
    let homeserver = TestHomeserver.current!

    /// A config naming the test server, so `/login test USER` works as with any configured server.
    func shell() throws -> (ShellProcess, config: String) {
        let shell = ShellProcess()
        let config = try shell.write("""
        homeservers:
          test: { url: \(homeserver.url.absoluteString) }
        profiles:
          tester:
            app_name: Tester
            default_homeserver: test
        """, to: "config.yaml")
        return (shell, config)
    }

    @Test func logInResumeAfterRestartAndLogOut() async throws {
        let (shell, config) = try shell()
        defer { shell.remove() }
        let base = ["--config", config, "--profile", "tester", "--no-rc", "--output", "json"]
        let user = homeserver.user(2)
        let expectedID = "@\(user):\(homeserver.serverName)"

        let login = try await shell.run(base + ["-c", "/login test \(user)"], extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(login.status == 0, "\(login)")
        let loggedIn = login.objects.first { $0["command"] as? String == "login" }
        #expect(loggedIn?["user_id"] as? String == expectedID)
        let sessionFile = shell.home.appending(path: ".local/share/element-shell/tester/session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: sessionFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let stored = try String(contentsOf: sessionFile, encoding: .utf8)
        #expect(!stored.contains(homeserver.password))

        let resumed = try await shell.run(base + ["-c", "/whoami"])
        #expect(resumed.status == 0, "\(resumed)")
        #expect(resumed.objects.first?["type"] as? String == "session")
        // Other suites may mention this user meanwhile: that arrives as objects of its own.
        let whoami = resumed.objects.first { $0["command"] as? String == "whoami" }
        #expect(whoami?["user_id"] as? String == expectedID)
        #expect(whoami?["device_id"] as? String == loggedIn?["device_id"] as? String)

        let log = try String(contentsOf: shell.home.appending(path: ".local/share/element-shell/tester/element-shell.log"), encoding: .utf8)
        #expect(log.contains("Logged in as \(expectedID)"), "the default level logs what happened to whom")

        let logout = try await shell.run(base + ["-c", "/logout!"])
        #expect(logout.status == 0, "\(logout)")
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))
        let after = try await shell.run(base + ["-c", "/whoami"])
        #expect(after.status == 1, "\(after)")
        #expect((after.objects.last?["error"] as? [String: Any])?["code"] as? String == "not_logged_in")
    }

    @Test func roomsArriveBySyncAndShowAtOnceAfterARestart() async throws {
        let (shell, config) = try shell()
        defer { shell.remove() }
        let base = ["--config", config, "--profile", "tester", "--no-rc", "--output", "json"]
        let user = homeserver.user(2)
        let inviter = try await MatrixAuthService(transport: CurlTransport(userAgent: "test")).login(
            homeserverURL: homeserver.url, user: homeserver.user(1), password: homeserver.password, deviceDisplayName: "inviter")
        let name = "Plans \(UUID().uuidString.prefix(6))"
        let room = try await CreatedRoom.create(named: name, inviting: ["@\(user):\(homeserver.serverName)"], session: inviter,
                                                transport: CurlTransport(userAgent: "test"))

        let first = try await shell.run(base + ["-c", "/login test \(user)", "-c", "/wait sync", "-c", "/rooms"],
                                  extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(first.status == 0, "\(first)")
        // Found by command: what sync brings for this shared user may print after it.
        let listed = (first.objects.first { $0["command"] as? String == "rooms" }?["rooms"] as? [[String: Any]]) ?? []
        let invite = listed.first { $0["room_id"] as? String == room.roomID }
        #expect(invite?["membership"] as? String == "invite")
        #expect(invite?["name"] as? String == name)
        let inviteNumbers = listed.filter { $0["membership"] as? String == "invite" }.compactMap { $0["number"] as? Int }
        #expect(inviteNumbers == Array(1...max(1, inviteNumbers.count)), "invites come first")

        // Restarted with no network wait: the room list comes from the store.
        let second = try await shell.run(base + ["-c", "/rooms"])
        let restarted = second.objects.first { $0["command"] as? String == "rooms" }
        #expect(((restarted?["rooms"] as? [[String: Any]]) ?? []).contains { $0["room_id"] as? String == room.roomID }, "\(second.standardOutput)")
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
        try await MatrixAuthService(transport: CurlTransport(userAgent: "test")).logout(inviter)
    }

    @Test func aWrongPasswordIsRefusedAndNothingIsStored() async throws {
        let (shell, config) = try shell()
        defer { shell.remove() }
        let result = try await shell.run(["--config", config, "--profile", "tester", "--no-rc", "-c", "/login test \(homeserver.user(2))"],
                                   extraEnvironment: ["ELEMENT_SHELL_PASSWORD": "not-the-password"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("The homeserver refused"))
        #expect(!FileManager.default.fileExists(atPath: shell.home.appending(path: ".local/share/element-shell/tester/session.json").path))
    }

    @Test func thePasswordFileIsReadAndTheURLFormWorks() async throws {
        let (shell, config) = try shell()
        defer { shell.remove() }
        let passwordFile = try shell.write(homeserver.password + "\n", to: "password")
        let result = try await shell.run(["--config", config, "--no-rc", "--password-file", passwordFile,
                                    "-c", "/login \(homeserver.url.absoluteString) \(homeserver.user(2))", "-c", "/logout!"])
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.first?.hasPrefix("Logged in as @\(homeserver.user(2)):") == true)
    }

    @Test func theLogNeverHoldsThePasswordOrToken() async throws {
        let (shell, config) = try shell()
        defer { shell.remove() }
        let result = try await shell.run(["--config", config, "--profile", "tester", "--no-rc", "--output", "json",
                                    "-c", "/set log_level trace", "-c", "/login test \(homeserver.user(2))", "-c", "/whoami", "-c", "/logout!"],
                                   extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(result.status == 0, "\(result)")
        let token = try #require(result.objects.first { $0["command"] as? String == "login" }).description
        let log = try String(contentsOf: shell.home.appending(path: ".local/share/element-shell/tester/element-shell.log"), encoding: .utf8)
        #expect(log.contains("POST /_matrix/client/v3/login → 200"), "the requests were logged")
        #expect(!log.contains(homeserver.password))
        #expect(!log.contains("syt_"))
        #expect(!token.contains("syt_"), "results never carry the access token")
    }
}
