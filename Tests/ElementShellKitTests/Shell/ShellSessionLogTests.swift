import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A whole session in a plain room at log level trace, on a private server (alice the shell, bob a
/// nio peer): login with a password, plain and Markdown messages, a reply, an edit, a reaction,
/// messages from the peer, a draft, a search, logout. Every text typed or received carries one
/// random marker, so the log is searched for the marker, the password, the access token and
/// anything shaped like key material. (The encryption suite does the same for encrypted rooms.)
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Synapse and the venv of Scripts/test"))
struct ShellSessionLogTests {
    @Test func aFullSessionAtTraceLogsNoTokenPasswordOrText() async throws {
        let server = try await PrivateHomeserver(users: ["alice", "bob"])
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.homeserver, settings: ["log_level": "trace"]) + ["--output", "json"]
        let peer = NioPeer(homeserver: server.homeserver, user: "bob")
        let marker = "zq" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(14).lowercased()
        let name = "Log check"
        let roomID = try await peer.createRoom(named: name, inviting: "@alice:localhost")
        try await peer.send(["\(marker) from the peer, first"], to: roomID)

        let talk = try await shell.run(base + [
            "-c", "/login test alice", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
            "-c", "\(marker) plain words", "-c", "**\(marker)** in bold with `code`", "-c", "/reply ~1 \(marker) a reply",
            "-c", "/react ~1 :+1:", "-c", "/wait sent", "-c", "/wait sync", "-c", "/edit ^ \(marker) the reply, edited",
            "-c", "/draft \(marker) a draft", "-c", "/search \(marker)", "-c", "/wait sent",
        ], extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
        #expect(talk.status == 0, "\(talk)")
        #expect(try await peer.receives("\(marker) the reply, edited", in: roomID))
        try await peer.send(["\(marker) from the peer, second"], to: roomID)

        let again = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(name)", "-c", "/drafts"])
        let shown = again.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]] ?? []
        #expect(shown.compactMap { $0["body"] as? String }.last == "\(marker) from the peer, second", "\(again.standardOutput)")
        let token = try #require(try await SessionStore(directory: shell.home.appending(path: ".local/share/element-shell/tester")).load()?.accessToken)
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()

        let log = try shell.testerLog()
        #expect(log.contains("/sync"), "the log is at a level that shows each request")
        try LogLeaks.expectNone(of: [marker, server.homeserver.password, token], in: log)
    }
}
