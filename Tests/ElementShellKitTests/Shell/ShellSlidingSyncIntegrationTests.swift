import Foundation
import GRDB
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Sliding sync against the real Synapse, across runs: the method chosen and said, a whole room
/// list for a new device, switching methods on one store, an expired position (ida the shell, jon
/// the peer; this suite's alone). The other suites hold for both methods: Scripts/test runs them
/// with each.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the nio venv of Scripts/test"))
struct ShellSlidingSyncIntegrationTests {
    let homeserver = TestHomeserver.current!
    var ida: String { homeserver.user(35) }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }
    var peer: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(36)) }

    /// A new room of jon's that ida is invited to: its name and ID.
    func invitingRoom(_ prefix: String) async throws -> (name: String, roomID: String) {
        let name = "\(prefix) \(UUID().uuidString.prefix(6))"
        return (name, try await peer.createRoom(named: name, inviting: homeserver.userID(ida)))
    }

    /// The bodies `/open` listed in `run`.
    func opened(_ run: ShellProcess.Result) -> [String] {
        (run.result(of: "open")?["messages"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
    }

    /// `/whoami`'s method of sync in `run`.
    func method(_ run: ShellProcess.Result) -> String? {
        run.result(of: "whoami")?["sync"] as? String
    }

    @Test func aNewDeviceGetsTheWholeListAndNeverAsksV3() async throws {
        let maker = ShellProcess()
        defer { maker.remove() }
        let tag = UUID().uuidString.prefix(6)
        let names = (1...25).map { "List \(tag) \($0)" }
        let made = try await maker.run(try maker.testerArguments(for: homeserver, settings: ["sync": "v3"]) + ["--output", "json", "-c", "/login test \(ida)"]
                                       + names.flatMap { ["-c", "/create \($0)"] } + ["-c", "/logout!"], extraEnvironment: password)
        #expect(made.status == 0, "\(made)")

        // A new device, through a proxy that keeps the requests it sees.
        let proxy = try await FaultProxy(upstream: homeserver.url)
        var behind = homeserver
        behind.url = proxy.url
        let shell = ShellProcess()
        defer { shell.remove() }
        let run = try await shell.run(try shell.testerArguments(for: behind, settings: ["sync": "auto"])
                                      + ["--output", "json", "-c", "/login test \(ida)", "-c", "/wait sync", "-c", "/rooms", "-c", "/whoami", "-c", "/logout!"],
                                      extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let listed = Set((run.result(of: "rooms")?["rooms"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(Set(names).isSubset(of: listed), "every room, not only the first screen: \(listed.sorted())")
        #expect(method(run) == "sliding")
        let paths = try await proxy.requests().map(\.path)
        #expect(paths.contains { $0.hasSuffix("/org.matrix.simplified_msc3575/sync") })
        #expect(!paths.contains { $0.hasSuffix("/v3/sync") }, "no /v3/sync request at all: \(paths)")
    }

    @Test func switchingMethodsOnOneStoreLosesAndRepeatsNothing() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let (name, roomID) = try await invitingRoom("Switch")
        try await peer.send(["one"], to: roomID)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]

        // The setting before the login decides the sync the login starts.
        let first = try await shell.run(base + ["-c", "/set sync v3", "-c", "/login test \(ida)", "-c", "/join \(roomID)", "-c", "/wait sync",
                                                "-c", "/open \(name)", "-c", "/whoami"], extraEnvironment: password)
        #expect(first.status == 0, "\(first)")
        #expect(opened(first) == ["one"] && method(first) == "v3")

        try await peer.send(["two", "three"], to: roomID)
        let second = try await shell.run(base + ["-c", "/set sync sliding", "-c", "/wait sync", "-c", "/open \(name)", "-c", "/whoami"])
        #expect(second.status == 0, "\(second)")
        #expect(opened(second) == ["one", "two", "three"] && method(second) == "sliding")

        try await peer.send(["four"], to: roomID)
        let third = try await shell.run(base + ["-c", "/set sync v3", "-c", "/wait sync", "-c", "/open \(name)", "-c", "/logout!"])
        #expect(third.status == 0, "\(third)")
        #expect(opened(third) == ["one", "two", "three", "four"])
    }

    @Test func anExpiredPositionStartsANewConnectionAndLosesNothing() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let (name, roomID) = try await invitingRoom("Expiry")
        let base = try shell.testerArguments(for: homeserver, settings: ["sync": "sliding"]) + ["--output", "json"]
        let first = try await shell.run(base + ["-c", "/login test \(ida)", "-c", "/join \(roomID)", "-c", "/wait sync"],
                                        extraEnvironment: password)
        #expect(first.status == 0, "\(first)")

        // The server forgot the connection (it keeps them for a while only); a position it never gave stands for that.
        let store = try DatabaseQueue(path: try shell.testerStoreURL().path)
        let stale = "999/s1_1_0_1_1_1_1_1_0_1_1_1_1_1"
        try await store.write { try $0.execute(sql: "UPDATE sliding_sync_state SET pos = ?", arguments: [stale]) }
        try store.close()
        try await peer.send(["said while the position expired"], to: roomID)

        let second = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(name)", "-c", "/logout!"])
        #expect(second.status == 0, "\(second)")
        #expect(opened(second).filter { $0 == "said while the position expired" }.count == 1, "\(opened(second))")
        #expect(!second.standardOutput.contains("\"ok\":false"), "no command failed: \(second.standardOutput)")
    }
}
