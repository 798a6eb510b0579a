import Foundation
import Testing

/// `/nick` against Synapse, with the messaging suite's nio peer as the other person: the name set
/// in one run is the one the server, the room's members and the next run show.
extension ShellMessagingIntegrationTests {
    @Test func nickRenamesTheUserInTheirRoomsAcrossRuns() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let name = "Nick \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let nick = "Carol \(UUID().uuidString.prefix(4)) Shell"

        let first = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/nick \(nick)"],
                                  extraEnvironment: password)
        #expect(first.status == 0, "\(first)")
        let set = try #require(Self.objects(first, "nick").last)
        #expect(set["display_name"] as? String == nick && set["changed"] as? Bool == true && set["user_id"] as? String == carolID)
        // Synapse renames the member in each room in a task of its own, after the answer.
        #expect(try await peer.awaitMembership("join", of: carolID, in: roomID, displayName: nick),
                "the other person's client sees the new name")

        let second = try await shell.run(base + ["-c", "/nick", "-c", "/wait sync", "-c", "/open \(name)", "-c", "/members",
                                           "-c", "/nick " + String(repeating: "n", count: 300)])
        #expect(second.status != 0, "a name the server refuses fails the run: \(second)")
        let shown = try #require(Self.objects(second, "nick").first)
        #expect(shown["display_name"] as? String == nick && shown["changed"] as? Bool == false)
        let members = try #require(Self.objects(second, "members").first?["members"] as? [[String: Any]])
        #expect(members.contains { $0["user_id"] as? String == carolID && $0["name"] as? String == nick }, "\(members)")
        let refused = try #require(Self.objects(second, "nick").last)
        #expect(refused["ok"] as? Bool == false && refused["error"] != nil, "\(refused)")

        let third = try await shell.run(base + ["-c", "/nick", "-c", "/logout!"])
        #expect(Self.objects(third, "nick").first?["display_name"] as? String == nick, "the refused name changed nothing")
    }
}
