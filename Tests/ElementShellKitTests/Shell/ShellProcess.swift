import Foundation
import Synchronization
import Testing
import TestSupport

/// Runs the built `element-shell` binary as a user would, in a home of its own.
struct ShellProcess {
    /// Printed, a result shows its status and both streams, so that a failed expectation on its
    /// status says what the shell said: in `--output json` its errors are on standard output.
    struct Result: CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// Ended by the SIGKILL that `run(_:input:killAfter:)` sends, not by itself.
        var wasKilled = false

        var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }

        /// `--output json` lines, parsed.
        var objects: [[String: Any]] {
            outputLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        /// Expects the run to have succeeded, showing what it printed where it did not.
        @discardableResult
        func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) -> Result {
            #expect(status == 0, "\(self)", sourceLocation: sourceLocation)
            return self
        }

        var description: String {
            "exit status \(status)\(wasKilled ? " (killed)" : "")\n--- standard output:\n\(standardOutput)\n--- standard error:\n\(standardError)"
        }
    }

    /// The binary next to the test bundle, in the build products directory.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appending(path: "element-shell").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appending(path: "element-shell")
    }()

    /// A private HOME with XDG folders inside, so nothing touches the real user's files.
    let home: URL
    var environment: [String: String]

    init() {
        home = FileManager.default.temporaryDirectory.appending(path: "element-shell-home-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appending(path: ".config").path,
            "XDG_DATA_HOME": home.appending(path: ".local/share").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "en_GB.UTF-8",
            "TERM": "xterm-256color",
        ]
    }

    func write(_ text: String, to name: String) throws -> String {
        let url = home.appending(path: name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Writes a config naming `homeserver` `test`, with a profile `tester` (prompt `Tester>`) that
    /// uses it with `settings` (values as YAML), and returns the arguments that start the shell
    /// with them and no startup file.
    func testerArguments(for homeserver: TestHomeserver, settings: [String: String] = [:]) throws -> [String] {
        let settings = Self.syncSetting.merging(settings) { _, chosen in chosen }.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        let config = try write("""
        homeservers:
          test: { url: \(homeserver.url.absoluteString) }
        profiles:
          tester: { app_name: Tester, default_homeserver: test, settings: { \(settings) } }
        """, to: "config.yaml")
        return ["--config", config, "--profile", "tester", "--no-rc"]
    }

    /// Writes a config pointing the built-in `clap` profile at `homeserver` (named `test`), its
    /// developer flags as given and the others the fork's, and returns the arguments that start
    /// the shell in it with no startup file.
    func clapArguments(for homeserver: TestHomeserver, developer: [String: Bool] = [:], logLevel: String = "info") throws -> [String] {
        let flags = developer.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        let config = try write("""
            homeservers:
              test: { url: \(homeserver.url.absoluteString) }
            profiles:
              clap:
                default_homeserver: test
                homeservers: [test]
                developer: { \(flags) }
                settings: { log_level: \(logLevel)\(Self.syncSettingYAML) }
            """, to: "clap.yaml")
        return ["--config", config, "--profile", "clap", "--no-rc"]
    }

    /// The sync a run of the suite forces (`ELEMENT_SHELL_TEST_SYNC`: `Scripts/test` runs the
    /// suites that must hold for both methods once more with `v3`); none leaves the default, `auto`,
    /// which is sliding sync on the test Synapse.
    static var syncSetting: [String: String] {
        ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_SYNC"].map { ["sync": $0] } ?? [:]
    }

    /// `syncSetting` as the members of a YAML flow mapping, for configs a test writes itself.
    static var syncSettingYAML: String {
        syncSetting.map { ", \($0.key): \($0.value)" }.joined()
    }

    /// The data directory of the `tester` profile: the session, and the store under `accounts/`.
    var testerDataDirectory: URL { home.appending(path: ".local/share/element-shell/tester") }

    /// The last `count` lines of the logs under the shell's home (each profile's), for a failure
    /// to say what the shell did; none when it wrote none.
    func logTail(_ count: Int = 40) -> [String] {
        let profiles = home.appending(path: ".local/share/element-shell")
        let logs = ((try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? []).sorted()
            .map { profiles.appending(path: $0).appending(path: "element-shell.log") }
        return logs.flatMap { log -> [String] in
            guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").suffix(count).map(String.init)
        }
    }

    /// The store of the account logged in under the `tester` profile.
    func testerStoreURL() throws -> URL {
        let accounts = testerDataDirectory.appending(path: "accounts")
        guard let account = try FileManager.default.contentsOfDirectory(atPath: accounts.path).first else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: accounts.path])
        }
        return accounts.appending(path: account).appending(path: "store.sqlite")
    }

    /// Runs the shell with `arguments`, feeding `input` on standard input (not a terminal). The wait
    /// for the process does not hold one of the test runner's threads. With `killAfter`, a shell
    /// still running that many seconds after its input was written is ended with SIGKILL, as by a crash.
    func run(_ arguments: [String], input: String = "", extraEnvironment: [String: String] = [:],
             killAfter delay: TimeInterval? = nil, running: RunningShell? = nil) async throws -> Result {
        try await offThePool { [self] in
            let process = process(arguments, extraEnvironment: extraEnvironment)
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            running?.started(process.processIdentifier)
            defer { running?.ended() }
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            if let delay {
                Thread {
                    Thread.sleep(forTimeInterval: delay)
                    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                }.start()
            }
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            let errors = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
                          standardError: String(decoding: errors, as: UTF8.self),
                          wasKilled: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        }
    }

    /// Runs the shell and ends it with SIGKILL, as by a crash, once `trigger` returns (something
    /// the shell did: a request it made), unless it has ended by then.
    func run(_ arguments: [String], extraEnvironment: [String: String] = [:],
             killWhen trigger: @escaping @Sendable () async throws -> Void) async throws -> Result {
        let running = RunningShell()
        let killer = Task {
            try await trigger()
            running.kill()
        }
        defer { killer.cancel() }
        return try await run(arguments, extraEnvironment: extraEnvironment, running: running)
    }

    /// Starts the shell with `arguments` (and nothing on standard input); the test follows its
    /// `--output json` lines as they come, to answer what it printed while it still runs.
    func start(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> RunningPeer {
        try RunningPeer(process(arguments, extraEnvironment: extraEnvironment))
    }

    private func process(_ arguments: [String], extraEnvironment: [String: String]) -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.currentDirectoryURL = home
        return process
    }

    func remove() {
        try? FileManager.default.removeItem(at: home)
    }
}

/// The process of a shell while it runs, for a test to kill it at a moment of its choosing.
final class RunningShell: Sendable {
    private struct State {
        var pid: pid_t?
        var isKillWanted = false
        var hasEnded = false
    }

    private let state = Mutex(State())

    /// A kill asked for before the process started lands as soon as it does.
    func started(_ processIdentifier: pid_t) {
        state.withLock { state in
            state.pid = processIdentifier
            if state.isKillWanted { _ = Glibc.kill(processIdentifier, SIGKILL) }
        }
    }

    func ended() {
        state.withLock { state in
            state.pid = nil
            state.hasEnded = true
        }
    }

    /// SIGKILL, as by a crash; nothing once the process has ended (its ID may be another's by then).
    func kill() {
        state.withLock { state in
            guard !state.hasEnded else { return }
            state.isKillWanted = true
            if let pid = state.pid { _ = Glibc.kill(pid, SIGKILL) }
        }
    }
}
