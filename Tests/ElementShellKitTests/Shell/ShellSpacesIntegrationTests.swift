import Foundation
import Testing

/// Spaces by the binary (as alice) against Synapse, with bob (who made the space) and carol on
/// matrix-nio. A server of its own: the suite kicks, which would show in the shared accounts'
/// rooms. One test runs the steps in turn, so the run starts one server.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers and the nio venv"))
struct ShellSpacesIntegrationTests {
    typealias Membership = ShellMembershipIntegrationTests

    let server: PrivateHomeserver
    let shell = ShellProcess()
    var homeserver: TestHomeserver { server.homeserver }
    var bob: NioPeer { NioPeer(homeserver: homeserver, user: "bob") }
    var carol: NioPeer { NioPeer(homeserver: homeserver, user: "carol") }
    var aliceID: String { "@alice:\(homeserver.serverName)" }

    init() async throws {
        server = try await PrivateHomeserver(users: ["alice", "bob", "carol"])
    }

    /// Runs `lines` as alice in the tester profile, or in the built-in clap profile pointed at the test server.
    func alice(_ lines: [String], clap: Bool = false) async throws -> ShellProcess.Result {
        let profile = clap ? try shell.clapArguments(for: homeserver) : try shell.testerArguments(for: homeserver)
        return try await shell.run(profile + ["--output", "json"] + lines.flatMap { ["-c", $0] },
                             extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
    }

    @Test func spacesAgainstSynapse() async throws {
        defer { shell.remove() }
        let guild = try await bob.createPublicRoom(named: "Guild", isSpace: true)
        let general = try await bob.createPublicRoom(named: "General")
        let plans = try await bob.createPublicRoom(named: "Plans")
        for room in [general, plans] { try await bob.addChild(room, to: guild) }
        for room in [guild, general, plans] { try await bob.setPowerLevel(50, of: aliceID, in: room) }
        for room in [guild, general] { #expect(try await carol.join(room) == room) }

        // The space and General joined; Plans only through the hierarchy. The joins are waited for
        // in the run that made them, which knows to ask sync again until they have come: the next
        // run's catch-up may be answered a moment before they reach sync.
        let joined = try await alice(["/login test alice", "/join \(guild)", "/join \(general)", "/wait sync"])
        #expect(Membership.results(joined, "join").allSatisfy { $0["ok"] as? Bool == true }, "\(joined.standardOutput)")
        let listed = try await alice(["/spaces", "/space Guild"])
        let spaces = try #require(Membership.results(listed, "spaces").first?["spaces"] as? [[String: Any]], "\(listed.standardOutput)")
        #expect(spaces.map { $0["room_id"] as? String } == [guild])
        #expect(spaces.first?["child_count"] as? Int == 2)
        let hierarchy = try #require(Membership.results(listed, "space").first?["rooms"] as? [[String: Any]], "\(listed.standardOutput)")
        #expect(Set(hierarchy.compactMap { $0["room_id"] as? String }) == [general, plans])
        #expect(hierarchy.first { $0["room_id"] as? String == general }?["membership"] as? String == "join")
        let plansEntry = try #require(hierarchy.first { $0["room_id"] as? String == plans })
        #expect(plansEntry["membership"] is NSNull)
        #expect(plansEntry["via"] as? [String] == [homeserver.serverName])
        let number = try #require(plansEntry["number"] as? Int)
        let joinedPlans = try await alice(["/space Guild", "/join \(number)"])
        #expect(Membership.results(joinedPlans, "join").first?["room_id"] as? String == plans, "\(joinedPlans.standardOutput)")
        #expect(try await bob.membership(of: aliceID, in: plans) == "join")
        try await alice(["/logout!"]).expectSuccess()

        // Clap: the space is one line, carrying General's unread message; its rooms are inside it.
        try await bob.send(["news for the guild"], to: general)
        let grouped = try await alice(["/login test alice", "/wait sync", "/rooms", "/open Guild"], clap: true)
        let rooms = try #require(Membership.results(grouped, "rooms").first?["rooms"] as? [[String: Any]], "\(grouped.standardOutput)")
        #expect(rooms.compactMap { $0["room_id"] as? String } == [guild], "General and Plans are inside Guild")
        #expect(rooms.first?["is_space"] as? Bool == true)
        #expect((rooms.first?["notification_count"] as? Int ?? 0) >= 1, "\(rooms)")
        let inside = try #require(Membership.results(grouped, "open").first?["rooms"] as? [[String: Any]], "\(grouped.standardOutput)")
        #expect(Set(inside.compactMap { $0["room_id"] as? String }) == [general, plans])

        // carol leaves the space and General, the rooms she is in, and her invite to Plans is
        // revoked; bob, who created them, is out of reach.
        try await bob.invite(carol.userID, to: plans)
        let kicked = try await alice(["/space-kick Guild @carol:localhost bye", "/space-kick Guild @bob:localhost"], clap: true)
        let kicks = Membership.results(kicked, "space-kick")
        let carolRooms = try #require(kicks.first?["rooms"] as? [[String: Any]], "\(kicked.standardOutput)")
        #expect(carolRooms.map { $0["room_id"] as? String } == [guild, general, plans])
        #expect(carolRooms.allSatisfy { $0["removed"] as? Bool == true })
        #expect(carolRooms.map { $0["invited"] as? Bool } == [false, false, true])
        #expect(kicks.first?["ok"] as? Bool == true)
        for room in [guild, general, plans] { #expect(try await bob.membership(of: carol.userID, in: room) == "leave") }
        let bobRooms = try #require(kicks.last?["rooms"] as? [[String: Any]])
        #expect(bobRooms.count == 3)
        #expect(bobRooms.allSatisfy { Membership.errorCode($0) == "power_level_outranked" })
        #expect(try await bob.membership(of: bob.userID, in: guild) == "join")
        try await alice(["/logout!"], clap: true).expectSuccess()
    }
}
