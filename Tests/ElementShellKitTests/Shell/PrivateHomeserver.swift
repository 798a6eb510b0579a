import Foundation

/// A Synapse of one test's own, from `Scripts/lib/private_synapse.sh`, for tests that stop the
/// server: the shared one of Scripts/test must stay up for the suites running beside them. It
/// keeps its port and database across `stop()` and `start()`, and is stopped (by PID) and removed
/// when released, whatever the test's outcome; Scripts/test stops what a crash left behind.
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
    init(users: [String]) throws {
        let directory = (Self.parent ?? FileManager.default.temporaryDirectory).appending(path: "synapse-\(UUID().uuidString.prefix(8))")
        let url = try Self.start(directory, registering: users)
        self.directory = directory
        let password = (try? String(contentsOf: directory.appending(path: "password"), encoding: .utf8)) ?? ""
        homeserver = TestHomeserver(url: URL(string: url)!, serverName: "localhost", users: users, password: password)
    }

    deinit {
        try? stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the stopped server again; it answers when this returns.
    func start() throws {
        try Self.start(directory)
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
            try? script(["stop", directory.path])
            throw error
        }
    }

    /// Stops the server; it no longer listens when this returns.
    func stop() throws {
        try Self.script(["stop", directory.path])
    }

    struct Failure: Error, CustomStringConvertible {
        let output: String
        var description: String { "private_synapse.sh failed:\n\(output)" }
    }

    /// Runs the script and returns the last line it printed.
    @discardableResult
    private static func script(_ arguments: [String], cleanStart: Bool = false) throws -> String {
        let command = ["/bin/bash", script] + arguments
        let process = cleanStart ? CleanStart.process(command) : Process()
        if !cleanStart {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(output: text) }
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }
}
