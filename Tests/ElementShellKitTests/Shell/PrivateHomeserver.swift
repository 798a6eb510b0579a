import Foundation
import TestSupport

/// A Synapse of one test's own, from `Scripts/lib/private_synapse.sh`, for tests that stop the
/// server: the shared one of Scripts/test must stay up for the suites running beside them. It
/// keeps its port and database across `stop()` and `start()`, and is stopped (by PID) and removed
/// when released, whatever the test's outcome; Scripts/test stops what a crash left behind. Starting
/// and stopping suspend the test: they wait for the server, not holding one of the runner's threads.
final class PrivateHomeserver {
    /// Where Scripts/test wants private servers (`ELEMENT_SHELL_TEST_PRIVATE_SERVERS`).
    static let parent = ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_PRIVATE_SERVERS"].map { URL(fileURLWithPath: $0) }
    static var isAvailable: Bool { parent != nil && NioPeer.python != nil }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Scripts/lib/private_synapse.sh").path

    let directory: URL
    /// The server as tests address it: URL, server name, accounts and their password.
    let homeserver: TestHomeserver

    /// Starts a new server with `users` registered, all with one random password.
    init(users: [String]) async throws {
        let directory = (Self.parent ?? FileManager.default.temporaryDirectory).appending(path: "synapse-\(UUID().uuidString.prefix(8))")
        let url = try await offThePool { try Self.start(directory, registering: users) }
        self.directory = directory
        let password = (try? String(contentsOf: directory.appending(path: "password"), encoding: .utf8)) ?? ""
        homeserver = TestHomeserver(url: URL(string: url)!, serverName: "localhost", users: users, password: password)
    }

    deinit {
        // A deinit cannot suspend, and stopping takes a second or so: a thread of its own waits
        // for it. Should the test run end first, Scripts/test stops the server.
        Thread { [directory] in
            _ = try? Self.script(["stop", directory.path])
            try? FileManager.default.removeItem(at: directory)
        }.start()
    }

    /// Starts the stopped server again; it answers when this returns.
    func start() async throws {
        try await offThePool { [directory] in _ = try Self.start(directory) }
    }

    /// Returns the server's URL once it answers.
    @discardableResult
    private static func start(_ directory: URL, registering users: [String] = []) throws -> String {
        do {
            // Only the launch needs the clean start, and it returns at once: while Foundation waits
            // for a child whose descriptors were closed, it notices no other child ending.
            try script(["start", directory.path], cleanStart: true)
            return try script(["await", directory.path] + users)
        } catch {
            // A start that failed half-way may have left a server running.
            _ = try? script(["stop", directory.path])
            throw error
        }
    }

    /// Restarts the server so that it names `baseURL` as its own (`public_baseurl`, which its
    /// well-known and login answers hand to clients): a proxy in front of it, which clients
    /// would otherwise leave for the address behind it.
    func advertise(_ baseURL: URL) async throws {
        try await restart { lines in lines.map { $0.hasPrefix("public_baseurl:") ? "public_baseurl: \(baseURL.absoluteString)/" : $0 } }
    }

    /// Restarts the server with `settings`, top-level lines of YAML, added to its configuration.
    func restart(adding settings: [String]) async throws {
        try await restart { $0 + settings }
    }

    private func restart(editingConfig edit: ([String]) -> [String]) async throws {
        try await stop()
        let config = directory.appending(path: "homeserver.yaml")
        let lines = try String(contentsOf: config, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try edit(lines).joined(separator: "\n").write(to: config, atomically: true, encoding: .utf8)
        try await start()
    }

    /// Stops the server; it no longer listens when this returns.
    func stop() async throws {
        try await offThePool { [directory] in _ = try Self.script(["stop", directory.path]) }
    }

    /// Freezes the server (SIGSTOP): it still accepts connections, as the kernel does that, but
    /// what arrives waits unread until `resume()`.
    func pause() throws {
        try signal(SIGSTOP)
    }

    func resume() throws {
        try signal(SIGCONT)
    }

    private func signal(_ number: Int32) throws {
        let pid = try String(contentsOf: directory.appending(path: "synapse.pid"), encoding: .utf8)
        guard let pid = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)), kill(pid, number) == 0 else {
            throw Failure(output: "cannot signal the Synapse in \(directory.path)")
        }
    }

    /// Whether a connection to the server holds bytes it has not read: a request sent while it is
    /// paused (from the kernel's table of TCP sockets).
    var holdsUnreadRequest: Bool {
        let port = String(format: "%04X", homeserver.url.port ?? 0)
        return ["/proc/net/tcp", "/proc/net/tcp6"].contains { table in
            // Read to the end: a file of /proc claims size 0, and a read by size stops at one page.
            let data = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: table)).readToEnd()) ?? Data()
            let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst()
            return rows.contains { row in
                // sl local_address rem_address st tx_queue:rx_queue …; 01 is ESTABLISHED.
                let fields = row.split(separator: " ")
                guard fields.count > 4, fields[1].hasSuffix(":\(port)"), fields[3] == "01",
                      let unread = fields[4].split(separator: ":").last.flatMap({ Int($0, radix: 16) }) else { return false }
                return unread > 0
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let output: String
        var description: String { "private_synapse.sh failed:\n\(output)" }
    }

    /// Runs the script and returns the last line it printed.
    @discardableResult
    private static func script(_ arguments: [String], cleanStart: Bool = false) throws -> String {
        let command = ["/bin/bash", script] + arguments
        let process = cleanStart ? CleanStart.process(command) : ChildProcess()
        if !cleanStart {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
        let (status, text) = try process.runCapturingOutput()
        guard status == 0 else { throw Failure(output: text) }
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }
}
