import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A script joins a room in one run and posts to it in the next, each run ending as soon as its
/// lines are done, so neither waits for sync to bring the room (ken the shell, lou the peer; this
/// suite's alone).
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the nio venv of Scripts/test"))
struct ShellJoinAcrossRunsTests {
    @Test func aRoomJoinedByAliasInOneRunTakesMessagesInTheNext() async throws {
        let homeserver = try #require(TestHomeserver.current)
        let shell = ShellProcess()
        defer { shell.remove() }
        let ken = homeserver.user(10)
        let userID = "@\(ken):\(homeserver.serverName)"
        let peer = NioPeer(homeserver: homeserver, user: homeserver.user(11))
        let localpart = "across-\(UUID().uuidString.prefix(6).lowercased())"
        let alias = "#\(localpart):\(homeserver.serverName)"
        let roomID = try await peer.createRoom(named: "Across", inviting: userID, alias: localpart)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]

        let joined = try await shell.run(base + ["-c", "/login test \(ken)", "-c", "/join \(alias)"],
                                         extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(joined.status == 0, "\(joined)")

        let posted = try await shell.run(base + ["-c", "/open \(alias)", "-c", "posted in the next run", "-c", "/wait sent --timeout 600"])
        #expect(posted.status == 0, "\(posted)")
        let opened = posted.objects.first { $0["command"] as? String == "open" }
        #expect(opened?["ok"] as? Bool == true)
        #expect(try await peer.receives("posted in the next run", in: roomID, within: 600))
    }
}
