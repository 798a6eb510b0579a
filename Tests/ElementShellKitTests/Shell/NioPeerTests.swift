import Foundation
import Testing

/// A conversation with matrix-nio, a client element-shell shares no code with, as the other side.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the nio venv of Scripts/test"))
struct NioPeerTests {
    let homeserver = TestHomeserver.current!

    @Test func messagesGoBothWaysWithANioClient() throws {
        let peer = NioPeer(homeserver: homeserver, user: homeserver.user(4))
        let carol = homeserver.user(2)
        let carolID = "@\(carol):\(homeserver.serverName)"
        let name = "Nio \(UUID().uuidString.prefix(6))"
        let roomID = try peer.run(["create", name, carolID]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(roomID.hasPrefix("!"))
        _ = try peer.run(["send", roomID, "hello from nio"])

        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("homeservers:\n  test: { url: \(homeserver.url.absoluteString) }\n", to: "config.yaml")
        let run = try shell.run(["--config", config, "--no-rc", "--output", "json", "-c", "/login test \(carol)", "-c", "/join \(roomID)",
                                 "-c", "/wait sync", "-c", "/open \(name)", "-c", "hello from element-shell", "-c", "/wait sent"],
                                extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run.standardOutput)")
        let opened = (run.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
        #expect(opened.contains("hello from nio"))
        #expect(try peer.succeeds(["expect", roomID, "hello from element-shell", "20"]), "nio received the shell's message")
        #expect(try shell.run(["--config", config, "--no-rc", "-c", "/logout!"]).status == 0)
    }
}

/// Runs `Peers/nio_peer.py` with the venv's Python that Scripts/test names.
struct NioPeer {
    static let python = ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_PYTHON"]
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Peers/nio_peer.py").path

    let homeserver: TestHomeserver
    let user: String

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let (status, output) = try execute(arguments)
        guard status == 0 else { throw Failure(arguments: arguments, status: status) }
        return output
    }

    func succeeds(_ arguments: [String]) throws -> Bool {
        try execute(arguments).status == 0
    }

    struct Failure: Error {
        let arguments: [String]
        let status: Int32
    }

    private func execute(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python ?? "/usr/bin/python3")
        process.arguments = [Self.script, homeserver.url.absoluteString, user, homeserver.password] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
