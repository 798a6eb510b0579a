import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A server whose access tokens expire within seconds (Synapse's `refreshable_access_token_lifetime`
/// for logins that ask for a refresh token): the shell renews its token within a run and between
/// runs, unnoticed: the conversation goes on, nothing is sent twice, the same device stays.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Synapse and the venv of Scripts/test"))
struct ShellRefreshTokenTests {
    static let lifetime = 4

    @Test func anExpiringTokenIsRenewedWithinARunAndBetweenRuns() async throws {
        let server = try await PrivateHomeserver(users: ["alice", "bob"])
        try await server.restart(adding: ["refreshable_access_token_lifetime: \(Self.lifetime)s"])
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.homeserver)
        let peer = NioPeer(homeserver: server.homeserver, user: "bob")
        let roomID = try await peer.createRoom(named: "Renewals", inviting: "@alice:localhost")
        let sessions = SessionStore(directory: shell.home.appending(path: ".local/share/element-shell/tester"))

        let login = try await shell.run(base + ["-c", "/login test alice", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open Renewals",
                                                "-c", "first", "-c", "/wait sent"],
                                        extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
        #expect(login.status == 0, "\(login)")
        let first = try #require(try await sessions.load())
        #expect(first.refreshToken != nil && first.accessTokenRenewal != nil, "Synapse gave an expiring token")

        // A run that outlives the token it starts with, waiting for the peer meanwhile: the peer
        // writes once the run waits (it has opened the room) and the server refuses that token.
        let talk = try shell.start(base + ["--output", "json", "-c", "/open Renewals", "-c", "/wait message later --timeout 120",
                                           "-c", "second", "-c", "/wait sent"])
        #expect(await talk.line { $0["command"] as? String == "open" } != nil)
        try await TokenExpiry.untilTurnedDown(sessions)
        try await peer.send(["later, from bob"], to: roomID)
        _ = try await talk.answer()
        let sent = try await peer.messages(in: roomID).filter { $0.sender == "@alice:localhost" }.map(\.body)
        #expect(sent == ["first", "second"])

        let renewed = try #require(try await sessions.load())
        #expect(renewed.deviceID == first.deviceID)
        #expect(renewed.accessToken != first.accessToken && renewed.refreshToken != first.refreshToken)
        // What the file holds is what the server takes, however long ago it was renewed.
        try await TokenExpiry.untilTurnedDown(sessions)
        let whoami = try await shell.run(base + ["-c", "/whoami"])
        #expect(whoami.status == 0 && whoami.standardOutput.contains(first.deviceID), "\(whoami)")
        let secrets = [first.accessToken, renewed.accessToken, first.refreshToken, renewed.refreshToken].compactMap(\.self)
        try LogLeaks.expectNone(of: secrets + [server.homeserver.password], in: try shell.testerLog())
        #expect(try shell.testerLog().contains("Renewed the access token"), "the log says a renewal happened, without the token")
    }

    /// The shell is killed while its renewal is on the way (the proxy holds `/refresh`), and the
    /// server then renews anyway: the file still holds the pair before, which the server takes as
    /// long as nobody used the one it gave since, so the next start renews again and goes on.
    @Test func aKillDuringARenewalLeavesASessionThatResumes() async throws {
        let server = try await PrivateHomeserver(users: ["alice"])
        try await server.restart(adding: ["refreshable_access_token_lifetime: \(Self.lifetime)s"])
        let proxy = try await FaultProxy(upstream: server.homeserver.url)
        var viaProxy = server.homeserver
        viaProxy.url = proxy.url
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: viaProxy)
        let sessions = SessionStore(directory: shell.home.appending(path: ".local/share/element-shell/tester"))
        let login = try await shell.run(base + ["-c", "/login test alice", "-c", "/wait sync"],
                                        extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
        #expect(login.status == 0, "\(login)")
        try await TokenExpiry.expectAKillDuringARenewalToResume(shell, base: base, sessions: sessions, proxy: proxy,
                                                                renewalPath: "/_matrix/client/v3/refresh$")
    }
}
