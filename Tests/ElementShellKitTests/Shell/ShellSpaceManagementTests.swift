import Foundation
import Testing

/// Clap's spaces by the binary against Synapse in the clap profile: the grouped room list's space
/// cell, then spaces and their rooms made and managed by the shell, checked from matrix-nio, the
/// other side. bob (nio) makes the space Guild; alice (the shell) is its admin; carol (shell, then
/// nio) a plain member; dave (nio) no member. A server of its own: one test runs the steps in
/// turn, so the run starts one server.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers and the nio venv"))
struct ShellSpaceManagementTests {
    typealias Membership = ShellMembershipIntegrationTests

    let server: PrivateHomeserver
    let aliceShell = ShellProcess(), carolShell = ShellProcess()
    var homeserver: TestHomeserver { server.homeserver }
    var bob: NioPeer { NioPeer(homeserver: homeserver, user: "bob") }
    var carol: NioPeer { NioPeer(homeserver: homeserver, user: "carol") }
    var dave: NioPeer { NioPeer(homeserver: homeserver, user: "dave") }

    init() async throws {
        server = try await PrivateHomeserver(users: ["alice", "bob", "carol", "dave"])
    }

    /// Runs `lines` in the built-in clap profile pointed at the test server.
    func clap(_ lines: [String], in shell: ShellProcess) async throws -> ShellProcess.Result {
        try await shell.run(try shell.clapArguments(for: homeserver) + ["--output", "json"] + lines.flatMap { ["-c", $0] },
                            extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
    }

    func result(_ run: ShellProcess.Result, _ command: String) throws -> [String: Any] {
        try #require(Membership.results(run, command).last, "\(run.standardOutput)")
    }

    @Test func spacesInTheClapProfile() async throws {
        defer {
            aliceShell.remove()
            carolShell.remove()
        }
        let guild = try await bob.createPublicRoom(named: "Guild", isSpace: true)
        let general = try await bob.createPublicRoom(named: "General")
        let lounge = try await bob.createPublicRoom(named: "Lounge")
        let plans = try await bob.createPublicRoom(named: "Plans")
        for room in [general, lounge, plans] { try await bob.addChild(room, to: guild) }
        try await bob.setPowerLevel(100, of: "@alice:\(homeserver.serverName)", in: guild)
        #expect(try await carol.join(guild) == guild)

        try await theSpaceCellCarriesItsRoomsNewestMessage(guild: guild, general: general, lounge: lounge)
        try await spacesAndTheirRoomsAreMadeAsElementReadsThem(guild: guild, lounge: lounge)
        try await withoutThePowerLevelNothingIsSent(guild: guild, plans: plans)
        try await theSpaceItselfIsActedOnByItsName()
    }

    /// The steps in Clap's defaults: a space made, a room in it, then the space itself is
    /// joined again, invited to, renamed, given a topic and a join rule, and left, by name; dave
    /// (nio) sees each change. The room goes into the space on the next line, before sync has
    /// brought the space back.
    func theSpaceItselfIsActedOnByItsName() async throws {
        let dave = "@dave:\(homeserver.serverName)"
        let made = try await clap(["/space create Keep", "/create Hall --in Keep", "/open Keep", "/join Keep", "/invite \(dave) Keep",
                                   "/topic --in Keep Where we meet", "/name --in Keep The Keep", "/joinrule --in Keep public", "/wait sync"],
                                  in: aliceShell)
        let keep = try #require(Membership.results(made, "space").first?["room_id"] as? String, "\(made.standardOutput)")
        #expect(made.status == 0, "\(made.standardOutput)")
        let join = try result(made, "join")
        #expect(join["already_joined"] as? Bool == true && join["room_id"] as? String == keep, "\(join)")
        #expect(try result(made, "invite")["ok"] as? Bool == true)
        #expect(try await self.dave.invites()[keep] != nil, "the invite went to the space, not to Hall")
        #expect(try await self.dave.join(keep) == keep)
        #expect(try await self.dave.state("m.room.topic", in: keep)?["topic"] as? String == "Where we meet")
        #expect(try await self.dave.state("m.room.name", in: keep)?["name"] as? String == "The Keep")
        #expect(try await self.dave.state("m.room.join_rules", in: keep)?["join_rule"] as? String == "public")

        let left = try await clap(["/leave The Keep"], in: aliceShell)
        #expect(try result(left, "leave")["ok"] as? Bool == true, "\(left.standardOutput)")
        #expect(try await self.dave.membership(of: "@alice:\(homeserver.serverName)", in: keep) == "leave")
    }

    /// Two of Guild's three rooms joined: one cell with Guild's three members, both rooms'
    /// unread messages, and the newest of them under its room's name; a newer one replaces it.
    func theSpaceCellCarriesItsRoomsNewestMessage(guild: String, general: String, lounge: String) async throws {
        let joined = try await clap(["/login test alice", "/join \(guild)", "/join \(general)", "/join \(lounge)", "/wait sync"], in: aliceShell)
        #expect(Membership.results(joined, "join").allSatisfy { $0["ok"] as? Bool == true }, "\(joined.standardOutput)")
        try await bob.send(["first in the lounge"], to: lounge)
        try await bob.send(["latest in general"], to: general)
        let listed = try await clap(["/wait sync", "/rooms"], in: aliceShell)
        let rooms = try #require(try result(listed, "rooms")["rooms"] as? [[String: Any]])
        #expect(rooms.compactMap { $0["room_id"] as? String } == [guild], "General and Lounge are inside Guild")
        let cell = try #require(rooms.first)
        #expect(cell["joined_member_count"] as? Int == 3, "bob, carol and alice")
        #expect(cell["notification_count"] as? Int == 2, "\(cell)")
        let latest = try #require(cell["latest"] as? [String: Any], "\(cell)")
        #expect(latest["room_name"] as? String == "General")
        #expect(latest["body"] as? String == "latest in general")

        try await bob.send(["newer in the lounge"], to: lounge)
        let moved = try await clap(["/wait sync", "/rooms"], in: aliceShell)
        let newCell = try #require((try result(moved, "rooms")["rooms"] as? [[String: Any]])?.first)
        #expect((newCell["latest"] as? [String: Any])?["room_name"] as? String == "Lounge", "\(newCell)")
        #expect((newCell["latest"] as? [String: Any])?["body"] as? String == "newer in the lounge")
        #expect(newCell["notification_count"] as? Int == 3)
    }

    /// A space, a room made in Guild, a room added and one taken out: the events as bob's client
    /// reads them, and the restricted room open to Guild's members only.
    func spacesAndTheirRoomsAreMadeAsElementReadsThem(guild: String, lounge: String) async throws {
        let made = try await clap(["/space create Club --public", "/create Den --in Guild", "/create Annex --public",
                                   "/space add Guild Annex --suggested --order m", "/space remove Guild Lounge"], in: aliceShell)
        let created = Membership.results(made, "create")
        let club = try #require(Membership.results(made, "space").first?["room_id"] as? String, "\(made.standardOutput)")
        let den = try #require(created.first?["room_id"] as? String, "\(made.standardOutput)")
        let annex = try #require(created.last?["room_id"] as? String)
        #expect(created.first?["space"] as? String == "Guild")
        #expect(Membership.results(made, "space").allSatisfy { $0["ok"] as? Bool == true }, "\(made.standardOutput)")

        // Only those in a room read its state: bob joins the public ones, carol (of Guild) the restricted Den.
        let server = homeserver.serverName
        for room in [club, annex] { #expect(try await bob.join(room) == room) }
        #expect(try await carol.joinOrRefusal(den) == den, "a member of Guild may join")
        #expect(try await dave.joinOrRefusal(den) == "refused M_FORBIDDEN", "a stranger may not")
        #expect(try await bob.state("m.room.create", in: club)?["type"] as? String == "m.space")
        #expect(try await bob.state("m.space.child", key: den, in: guild)?["via"] as? [String] == [server])
        let denParent = try #require(try await carol.state("m.space.parent", key: guild, in: den))
        #expect(denParent["canonical"] as? Bool == true)
        #expect(denParent["via"] as? [String] == [server])
        let rule = try #require(try await carol.state("m.room.join_rules", in: den))
        #expect(rule["join_rule"] as? String == "restricted")
        #expect((rule["allow"] as? [[String: String]]) == [["type": "m.room_membership", "room_id": guild]])
        let annexChild = try #require(try await bob.state("m.space.child", key: annex, in: guild))
        #expect(annexChild["suggested"] as? Bool == true)
        #expect(annexChild["order"] as? String == "m")
        #expect(try await bob.state("m.space.parent", key: guild, in: annex)?["canonical"] as? Bool == true)
        #expect(try await bob.state("m.space.child", key: lounge, in: guild)?.isEmpty == true, "removed by empty content")

        let shown = try await clap(["/open Den", "/joinrule"], in: aliceShell)
        #expect(try result(shown, "joinrule")["join_rule"] as? String == "restricted")
        #expect(try result(shown, "joinrule")["spaces"] as? [String] == ["Guild"])
    }

    /// carol, a member of Guild with no power there: her shell refuses before sending anything.
    func withoutThePowerLevelNothingIsSent(guild: String, plans: String) async throws {
        let refused = try await clap(["/login test carol", "/wait sync", "/create Carol's corner", "/space add Guild \"Carol's corner\"",
                                      "/space remove Guild \(plans)", "/create Side --in Guild"], in: carolShell)
        let corner = try #require(Membership.results(refused, "create").first?["room_id"] as? String, "\(refused.standardOutput)")
        #expect(Membership.results(refused, "space").map(Membership.errorCode) == ["power_level_too_low", "power_level_too_low"],
                "\(refused.standardOutput)")
        #expect(Membership.results(refused, "create").map(Membership.errorCode) == [nil, "power_level_too_low"])
        #expect(try await bob.state("m.space.child", key: corner, in: guild) == nil)
        #expect(try await bob.state("m.space.child", key: plans, in: guild)?["via"] != nil, "Plans is still Guild's")
    }
}
