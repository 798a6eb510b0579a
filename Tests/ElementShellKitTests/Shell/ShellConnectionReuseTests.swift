import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// One run of the binary (as judy, this suite's alone) keeps its requests on a few live
/// connections: login, the sync long-poll, sends, history and keys share one HTTP client. Counted
/// by the proxy in front of Synapse, which numbers each connection the shell opens to it.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the venv of Scripts/test"))
struct ShellConnectionReuseTests {
    @Test func aBatchSessionOpensAtMostFourConnections() async throws {
        let homeserver = try #require(TestHomeserver.current)
        let proxy = try await FaultProxy(upstream: homeserver.url)
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("""
            homeservers:
              test: { url: \(proxy.url.absoluteString) }
            profiles:
              tester: { app_name: Tester, default_homeserver: test }
            """, to: "config.yaml")
        let room = "Connections \(UUID().uuidString.prefix(6))"
        let lines = ["/login test \(homeserver.user(9))", "/create \(room)"] + (1...30).map { "message \($0)" }
            // Sends are one at a time, and a Synapse busy with the whole suite took up to 2 s each:
            // the wait's own 30 s is no deadline here, a hang is.
            + ["/wait sent --timeout 600", "/history 60", "/wait sync --timeout 600", "/logout!"]
        let run = try await shell.run(["--config", config, "--profile", "tester", "--no-rc", "--output", "json"] + lines.flatMap { ["-c", $0] },
                                      extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run)")

        let requests = try await proxy.requests()
        let connections = Set(requests.map(\.connection))
        #expect(requests.filter { $0.path.contains("/send/m.room.message/") }.count == 30)
        #expect(connections.count <= 4, "\(requests.count) requests on \(connections.count) connections")
    }
}
