import Foundation
import Testing
import TestSupport
@testable import ElementShellKit
@testable import MatrixClient

/// The developer commands by the binary (as alice, in the clap profile with developer settings on
/// and a debug log) against a Synapse of its own: `/report-problem`'s archive holds what helps
/// and none of the session's secrets, after a session that had all of them.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers"))
struct ShellDeveloperIntegrationTests {
    let server: PrivateHomeserver
    let shell = ShellProcess()
    var homeserver: TestHomeserver { server.homeserver }

    init() async throws {
        server = try await PrivateHomeserver(users: ["alice"])
    }

    /// Runs `lines` as alice in the clap profile, pointed at the test server.
    func clap(_ lines: [String], developer: Bool) async throws -> ShellProcess.Result {
        try await shell.run(try shell.clapArguments(for: homeserver, developer: ["show_developer_settings": developer], logLevel: "debug")
                                + ["--output", "json"] + lines.flatMap { ["-c", $0] }, extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
    }

    func result(_ command: String, in run: ShellProcess.Result) throws -> [String: Any] {
        try #require(run.objects.last { $0["command"] as? String == command }, "\(run.standardOutput)\(run.standardError)")
    }

    @Test func theProblemReportHoldsNoSecretOfTheSession() async throws {
        defer { shell.remove() }
        let body = "a distinctive body \(UUID().uuidString.prefix(8))"
        let run = try await clap([
            "/login test alice", "/create Diagnostics --encrypted", body, "/wait sent --timeout 60", "/recovery! setup",
            "/wait sync --timeout 60", "/view-source ^", "/labs", "/report-problem",
        ], developer: true)
        #expect(run.status == 0, "\(run)")

        // The source is Synapse's, encrypted, and decrypts to what was sent.
        let source = try result("view-source", in: run)
        #expect((source["event"] as? [String: Any])?["type"] as? String == "m.room.encrypted", "\(source)")
        #expect(((source["decrypted"] as? [String: Any])?["content"] as? [String: Any])?["body"] as? String == body, "\(source)")
        #expect((try result("labs", in: run)["switches"] as? [[String: Any]])?.first?["name"] as? String == "sync")

        let recoveryKey = try #require(try result("recovery", in: run)["recovery_key"] as? String)
        let path = try #require(try result("report-problem", in: run)["path"] as? String)
        #expect(path.hasPrefix(shell.home.appending(path: ".local/share/element-shell/clap/problem-report-").path) && path.hasSuffix(".tar"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let archive = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)

        let sessionFile = shell.home.appending(path: ".local/share/element-shell/clap/session.json")
        let session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
        let accessToken = try #require(session["accessToken"] as? String)
        let secrets = [homeserver.password, accessToken, recoveryKey, recoveryKey.filter { $0 != " " }, body]
            + [session["refreshToken"] as? String].compactMap { $0 }
        for secret in secrets {
            #expect(!archive.contains(secret), "the archive holds \(secret.prefix(6))…")
        }
        #expect(archive.contains("\"integrity_check\" : \"ok\""))
        #expect(archive.contains("\"version\" : \"\(BuildInfo.version)\""))
        #expect(archive.contains("\"show_developer_settings\" : true"))
        #expect(archive.contains("element-shell.log"))

        // tar reads it: the report and the log's end, in a folder named like the file.
        let listing = ChildProcess()
        listing.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        listing.arguments = ["-tf", path]
        let names = try await offThePool { try listing.runCapturingOutput().output }
        let folder = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        #expect(names == "\(folder)/report.json\n\(folder)/element-shell.log\n")
    }

    @Test func withoutTheFlagHelpLeavesTheDeveloperCommandsOut() async throws {
        defer { shell.remove() }
        let hidden = try await clap(["/help"], developer: false)
        let names = (try result("help", in: hidden)["commands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("quit") && !names.contains("report-problem") && !names.contains("view-source") && !names.contains("labs"))
        let shown = try await clap(["/help"], developer: true)
        let all = (try result("help", in: shown)["commands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(all.contains("report-problem"))
    }
}
