import Foundation
import Testing

/// Invites, new rooms, direct chats and moderation, by the binary (as alice) against Synapse, with
/// bob and carol on matrix-nio. A server of its own: the suite invites, kicks and bans, which
/// would show up in the rooms and counts of the shared accounts that other suites look at. One
/// test runs the scenarios in turn, so the run starts one server rather than one for each.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers and the nio venv"))
struct ShellMembershipIntegrationTests {
    let server: PrivateHomeserver
    let shell = ShellProcess()
    let base: [String]
    var homeserver: TestHomeserver { server.homeserver }
    var bob: NioPeer { NioPeer(homeserver: homeserver, user: "bob") }
    var carol: NioPeer { NioPeer(homeserver: homeserver, user: "carol") }
    /// alice on another device, to read what her rooms hold as a client the shell shares no code with.
    var alicePeer: NioPeer { NioPeer(homeserver: homeserver, user: "alice") }
    var aliceID: String { "@alice:\(homeserver.serverName)" }

    init() async throws {
        server = try await PrivateHomeserver(users: ["alice", "bob", "carol"])
        base = try shell.testerArguments(for: server.homeserver) + ["--output", "json"]
    }

    /// Runs `lines` in the shell as alice (logged in by the first run) and returns the objects.
    func alice(_ lines: [String]) async throws -> ShellProcess.Result {
        try await shell.run(base + lines.flatMap { ["-c", $0] }, extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
    }

    /// The results of `command`, in order.
    static func results(_ run: ShellProcess.Result, _ command: String) -> [[String: Any]] {
        run.objects.filter { $0["command"] as? String == command }
    }

    static func errorCode(_ object: [String: Any]?) -> String? {
        (object?["error"] as? [String: Any])?["code"] as? String
    }

    @Test func membershipCommandsAgainstSynapse() async throws {
        defer { shell.remove() }
        try await invitesAreAnsweredAndPowerLevelsDecideWhoMayRemoveWhom()
        try await aCreatedRoomHasItsAliasAndItsCreatorBansAndUnbans()
        try await aDirectChatIsStartedOnceAndFoundAgainThroughMDirect()
    }

    func invitesAreAnsweredAndPowerLevelsDecideWhoMayRemoveWhom() async throws {
        let party = try await bob.createRoom(named: "Party", inviting: aliceID)
        let spam = try await bob.createRoom(named: "Spam", inviting: aliceID)
        // A room joined is waited for in the run that joined it, which asks sync again until it
        // has come; the next run's catch-up may be answered a moment before the join reaches sync.
        let answered = try await alice(["/login test alice", "/wait sync", "/decline Spam", "/accept Party", "/kick @bob:localhost", "/wait sync"])
        #expect(Self.results(answered, "decline").first?["room"] as? String == "Spam")
        #expect(Self.results(answered, "accept").first?["room_id"] as? String == party)
        // alice has level 0 and kicking needs 50: refused before the server is asked.
        #expect(Self.errorCode(Self.results(answered, "kick").first) == "power_level_too_low")
        #expect(try await bob.membership(of: aliceID, in: party) == "join")
        #expect(try await bob.membership(of: aliceID, in: spam) == "leave")

        // Inviting needs level 0; with 50, carol (0) is in reach, and bob, who created the room
        // (version 12), never is.
        let invited = try await alice(["/open Party", "/invite @carol:localhost"])
        #expect(Self.results(invited, "invite").first?["ok"] as? Bool == true, "\(invited.standardOutput)")
        #expect(try await carol.join(party) == party)
        try await bob.setPowerLevel(50, of: aliceID, in: party)
        let moderated = try await alice(["/wait sync", "/open Party", "/kick @bob:localhost", "/kick @carol:localhost bye"])
        let kicks = Self.results(moderated, "kick")
        #expect(Self.errorCode(kicks.first) == "power_level_outranked")
        #expect(kicks.last?["ok"] as? Bool == true, "\(moderated.standardOutput)")
        #expect(try await bob.membership(of: carol.userID, in: party) == "leave")
        try await alice(["/logout!"]).expectSuccess()
    }

    func aCreatedRoomHasItsAliasAndItsCreatorBansAndUnbans() async throws {
        let alias = "team-\(UUID().uuidString.prefix(6).lowercased())"
        // As with joins above, the rooms created are waited for in the run that created them.
        let created = try await alice(["/login test alice", "/create Team --alias \(alias) --topic Plans for Friday --public",
                                 "/invite @carol:localhost", "/create Bad --alias no:colons", "/wait sync"])
        let creations = Self.results(created, "create")
        let roomID = try #require(creations.first?["room_id"] as? String, "\(created.standardOutput)")
        #expect(creations.first?["alias"] as? String == "#\(alias):localhost")
        #expect(Self.results(created, "invite").first?["ok"] as? Bool == true)
        #expect(Self.errorCode(creations.last) == "invalid_room_alias")
        #expect(try await alicePeer.membership(of: carol.userID, in: roomID) == "invite")
        #expect(try await carol.join("#\(alias):localhost") == roomID, "the alias leads to the new public room")

        let banned = try await alice(["/wait sync", "/open Team", "/ban @carol:localhost spam"])
        #expect(Self.results(banned, "ban").first?["ok"] as? Bool == true, "\(banned.standardOutput)")
        #expect(try await alicePeer.membership(of: carol.userID, in: roomID) == "ban")
        let unbanned = try await alice(["/wait sync", "/open Team", "/unban @carol:localhost", "/unban @carol:localhost"])
        let unbans = Self.results(unbanned, "unban")
        #expect(unbans.first?["ok"] as? Bool == true, "\(unbanned.standardOutput)")
        // Once she is no longer banned, the server refuses to lift a ban again: its refusal is told.
        #expect(Self.errorCode(unbans.last) == "M_BAD_STATE", "\(unbanned.standardOutput)")
        #expect(try await alicePeer.membership(of: carol.userID, in: roomID) == "leave")
        try await alice(["/logout!"]).expectSuccess()
    }

    func aDirectChatIsStartedOnceAndFoundAgainThroughMDirect() async throws {
        let first = try await alice(["/login test alice", "/dm @bob:localhost", "/dm @nobody", "/wait sync", "/dm @bob:localhost"])
        let chats = Self.results(first, "dm").filter { $0["ok"] as? Bool == true }
        #expect(chats.map { $0["created"] as? Bool } == [true, false], "\(first.standardOutput)")
        let roomID = try #require(chats.first?["room_id"] as? String)
        #expect(chats.last?["room_id"] as? String == roomID, "the second /dm finds the first chat in m.direct")
        #expect(Self.errorCode(Self.results(first, "dm").dropFirst().first) == "unknown_user")
        #expect(try await bob.invites()[roomID] == true, "bob is invited to a direct chat")
        try await alice(["/logout!"]).expectSuccess()
    }
}
