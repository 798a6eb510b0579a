import Foundation
import Testing

/// The binary checks its data directory at start: a session file others can read is made private
/// again, with a warning that says it was exposed.
@Suite struct PermissionCheckTests {
    @Test func aLooseSessionFileIsTightenedWithAWarning() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("profiles:\n  tester: { app_name: Tester }\n", to: "config.yaml")
        let data = shell.home.appending(path: ".local/share/element-shell/tester")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let session = data.appending(path: "session.json")
        try Data("{}".utf8).write(to: session)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: session.path)

        let run = try await shell.run(["--config", config, "--profile", "tester", "--no-rc", "-c", "/help"])
        #expect(run.standardError.contains("session.json was open to other users (mode 644); it is now 600."), "\(run.standardError)")
        let mode = (try FileManager.default.attributesOfItem(atPath: session.path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        let again = try await shell.run(["--config", config, "--profile", "tester", "--no-rc", "-c", "/help"])
        #expect(!again.standardError.contains("open to other users"))
    }
}
