import Foundation
import Testing
@testable import ElementShellKit

/// Messages both ways between the binary (as carol) and a second client (a peer on the kit's API)
/// through the real Synapse.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse that Scripts/test starts"))
struct ShellMessagingIntegrationTests {
    let homeserver = TestHomeserver.current!
    let transport = CurlTransport(userAgent: "element-shell tests")

    func apiLogin(_ user: String) async throws -> Session {
        try await MatrixAuthService(transport: transport).login(homeserverURL: homeserver.url, user: user,
                                                                password: homeserver.password, deviceDisplayName: "peer")
    }

    @Test func aConversationGoesBothWaysAndNothingIsSentTwice() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("""
        homeservers:
          test: { url: \(homeserver.url.absoluteString) }
        profiles:
          tester: { app_name: Tester, default_homeserver: test }
        """, to: "config.yaml")
        let carol = homeserver.user(2)
        let carolID = "@\(carol):\(homeserver.serverName)"
        let peer = try await apiLogin(homeserver.user(4))
        let tag = UUID().uuidString.prefix(6).lowercased()
        let name = "Chat \(tag)"
        let alias = "#chat-\(tag):\(homeserver.serverName)"
        let room = try await CreatedRoom.create(named: name, alias: "chat-\(tag)", inviting: [carolID], session: peer, transport: transport)
        let peerSender = MessageSender(session: peer, transport: transport)
        _ = try await peerSender.send(OutboxEntry(transactionID: "peer-\(UUID())", roomID: room.roomID, msgtype: "m.text",
                                                  body: "hello from the peer\u{1B}[2J", createdAt: 0))

        let run = try shell.run(["--config", config, "--profile", "tester", "--no-rc", "--output", "json",
                                 "-c", "/login test \(carol)", "-c", "/join \(alias)", "-c", "/wait sync", "-c", "/open \(name)",
                                 "-c", "hello from the shell", "-c", "/wait sent", "-c", "/members"],
                                extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run.standardOutput)")
        let members = (run.objects.last?["members"] as? [[String: Any]] ?? []).compactMap { $0["user_id"] as? String }
        #expect(Set(members) == [carolID, "@\(homeserver.user(4)):\(homeserver.serverName)"])
        let opened = try #require(run.objects.first { $0["command"] as? String == "open" })
        let shown = (opened["messages"] as? [[String: Any]]) ?? []
        #expect(shown.last?["body"] as? String == "hello from the peer\u{1B}[2J", "JSON carries the body as sent")
        #expect(shown.last?["sender"] as? String == "@\(homeserver.user(4)):\(homeserver.serverName)")

        // The peer's own client sees carol's message exactly once.
        let sync = SyncService(session: peer, transport: transport, longPollTimeout: .seconds(2))
        var bodies: [String] = []
        var token: String?
        for _ in 0..<5 {
            let response = try await sync.next(since: token)
            token = response.nextBatch
            bodies += response.rooms.joined[room.roomID]?.timeline.events.compactMap { $0.content["body"]?.string } ?? []
            if bodies.contains("hello from the shell") { break }
        }
        #expect(bodies.filter { $0 == "hello from the shell" }.count == 1)

        // An invited member of a private chat may not change its topic: the server's refusal is told.
        let topic = try shell.run(["--config", config, "--profile", "tester", "--no-rc", "--output", "json", "-c", "/open \(name)", "-c", "/topic Plans"])
        #expect(topic.status == 1)
        #expect((topic.objects.last?["error"] as? [String: Any])?["code"] as? String == "M_FORBIDDEN")

        // In text mode the same room shows the body with its escape sequence made harmless.
        let text = try shell.run(["--config", config, "--profile", "tester", "--no-rc", "-c", "/open \(name)"])
        #expect(text.standardOutput.contains("hello from the peerU+1B[2J"))
        #expect(!text.standardOutput.contains("\u{1B}[2J"))

        #expect(try shell.run(["--config", config, "--profile", "tester", "--no-rc", "-c", "/logout!"]).status == 0)
        try await MatrixAuthService(transport: transport).logout(peer)
    }

    @Test func historyPagesBackPastWhatTheFirstSyncBrought() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("homeservers:\n  test: { url: \(homeserver.url.absoluteString) }\n", to: "config.yaml")
        let peer = try await apiLogin(homeserver.user(4))
        let carol = homeserver.user(2)
        let name = "Long \(UUID().uuidString.prefix(6))"
        let room = try await CreatedRoom.create(named: name, inviting: ["@\(carol):\(homeserver.serverName)"], session: peer, transport: transport)
        let sender = MessageSender(session: peer, transport: transport)
        for number in 1...30 {
            _ = try await sender.send(OutboxEntry(transactionID: "long-\(UUID())", roomID: room.roomID, msgtype: "m.text", body: "m\(number)", createdAt: 0))
        }
        let run = try shell.run(["--config", config, "--no-rc", "--output", "json", "-c", "/login test \(carol)", "-c", "/join \(room.roomID)",
                                 "-c", "/wait sync", "-c", "/open \(name)", "-c", "/history 20", "-c", "/logout!"],
                                extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run.standardOutput)")
        let opened = (run.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
        let older = (run.objects.first { $0["command"] as? String == "history" }?["messages"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
        #expect(opened.last == "m30")
        #expect(!older.isEmpty && older.last.map { !opened.contains($0) } == true, "history brings what /open did not show")
        #expect(Set(older + opened).isSuperset(of: (1...30).map { "m\($0)" }), "together they are the whole conversation")
        try await MatrixAuthService(transport: transport).logout(peer)
    }

    @Test func aMatrixToLinkJoinsToo() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("homeservers:\n  test: { url: \(homeserver.url.absoluteString) }\n", to: "config.yaml")
        let peer = try await apiLogin(homeserver.user(4))
        let carol = homeserver.user(2)
        let room = try await CreatedRoom.create(named: "Linked", inviting: ["@\(carol):\(homeserver.serverName)"], session: peer, transport: transport)
        let link = "https://matrix.to/#/\(room.roomID)?via=\(homeserver.serverName)"
        let run = try shell.run(["--config", config, "--no-rc", "--output", "json", "-c", "/login test \(carol)", "-c", "/join \(link)",
                                 "-c", "/leave", "-c", "/logout!"], extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.objects.first { $0["command"] as? String == "join" }?["room_id"] as? String == room.roomID)
        try await MatrixAuthService(transport: transport).logout(peer)
    }
}
