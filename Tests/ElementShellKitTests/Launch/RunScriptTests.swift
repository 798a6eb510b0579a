import Foundation
import Testing
import TestSupport

/// `Scripts/run`, the README's first command, as a newcomer meets it: its help comes at once,
/// and `--demo` with a data directory of one's own logs in there.
@Suite struct RunScriptTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Scripts")

    /// Runs `bash` with `arguments` and `environment` added to this process's environment.
    private func bash(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await offThePool {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            return try process.runCapturingOutput()
        }
    }

    /// A build takes minutes; help must not start one. A `swift` first on PATH that leaves a
    /// mark shows whether anything was built.
    @Test func helpComesWithoutBuilding() async throws {
        let directory = TemporaryDirectory()
        let mark = directory.url.appending(path: "built").path
        let fakeSwift = directory.url.appending(path: "swift")
        try "#!/bin/sh\ntouch '\(mark)'\nexit 1\n".write(to: fakeSwift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: fakeSwift.path)
        let path = directory.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        for flag in ["--help", "-h"] {
            let (status, output) = try await bash([Self.scripts.appending(path: "run").path, flag], environment: ["PATH": path])
            #expect(status == 0, "\(output)")
            #expect(output.contains("Scripts/run --demo [--as alice|bob] [ARGS...]"), "\(output)")
            #expect(output.contains("Scripts/run --demo-stop"), "\(output)")
            #expect(!output.contains("# "), "comment marks left in \(output)")
            #expect(!FileManager.default.fileExists(atPath: mark), "\(flag) ran swift")
        }
    }

    /// The data directory the demo's shell uses is the caller's last `--data-dir`, as the shell
    /// reads its flags; the demo's own only when none is given.
    @Test(arguments: [
        ([String](), "/demo/alice"),
        (["--data-dir", "/mine"], "/mine"),
        (["--data-dir=/mine"], "/mine"),
        (["--data-dir", "/first", "-c", "/rooms", "--data-dir", "/second"], "/second"),
        (["-c", "--data-dir"], "/demo/alice"),
    ])
    func theDemoUsesTheCallersDataDirectory(arguments: [String], expected: String) async throws {
        let script = "source \"$1/lib/common.sh\" && source \"$1/lib/demo.sh\" && shift && es_demo_data_dir /demo/alice \"$@\""
        let (status, output) = try await bash(["-c", script, "bash", Self.scripts.path] + arguments)
        #expect(status == 0, "\(output)")
        #expect(output == expected + "\n")
    }

    /// The demo's startup file logs in while the data directory the shell will use has no
    /// session, whichever directory that is, and stays empty once it has one.
    @Test func theDemoLogsInUntilTheDataDirectoryHoldsASession() async throws {
        let demo = TemporaryDirectory(), mine = TemporaryDirectory()
        let script = "source \"$1/lib/common.sh\" && source \"$1/lib/demo.sh\" && ES_DEMO_DIR=$2 ES_DEMO_URL=http://127.0.0.1:1 "
            + "&& es_demo_write_shell_files alice \"$3\""
        let rc = demo.url.appending(path: "alice.elrc")

        var (status, output) = try await bash(["-c", script, "bash", Self.scripts.path, demo.url.path, mine.url.path])
        #expect(status == 0, "\(output)")
        #expect(try String(contentsOf: rc, encoding: .utf8) == "/login demo alice\n")

        try Data("{}".utf8).write(to: mine.url.appending(path: "session.json"))
        (status, output) = try await bash(["-c", script, "bash", Self.scripts.path, demo.url.path, mine.url.path])
        #expect(status == 0, "\(output)")
        #expect(try String(contentsOf: rc, encoding: .utf8) == "")
        #expect(try String(contentsOf: demo.url.appending(path: "config.yaml"), encoding: .utf8).contains("url: http://127.0.0.1:1"))
    }
}
