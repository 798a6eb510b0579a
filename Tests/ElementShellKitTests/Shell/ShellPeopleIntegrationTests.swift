import Foundation
import Testing

/// Direct chats, invites and user lookups between two people, each a shell of their own (alice
/// and bob, batch mode, JSON output) against a server of their own, as issue 30 met them: an
/// accepted DM invite that did not count as a direct chat, invites that came silently, and rooms
/// created for users who do not exist. One test runs the scenarios in turn, on one server.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers and the nio venv"))
struct ShellPeopleIntegrationTests {
    let server: PrivateHomeserver
    let aliceShell = ShellProcess(), bobShell = ShellProcess()
    let aliceBase: [String], bobBase: [String]
    var homeserver: TestHomeserver { server.homeserver }
    /// bob's rooms as a client the shell shares no code with reads them from the server.
    var bobPeer: NioPeer { NioPeer(homeserver: homeserver, user: "bob") }
    typealias Membership = ShellMembershipIntegrationTests

    init() async throws {
        server = try await PrivateHomeserver(users: ["alice", "bob", "carol"])
        aliceBase = try aliceShell.testerArguments(for: server.homeserver) + ["--output", "json"]
        bobBase = try bobShell.testerArguments(for: server.homeserver) + ["--output", "json"]
    }

    func alice(_ lines: [String]) async throws -> ShellProcess.Result {
        try await aliceShell.run(aliceBase + lines.flatMap { ["-c", $0] }, extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
    }

    func bob(_ lines: [String]) async throws -> ShellProcess.Result {
        try await bobShell.run(bobBase + lines.flatMap { ["-c", $0] }, extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
    }

    static func objects(_ run: ShellProcess.Result, ofType type: String) -> [[String: Any]] {
        run.objects.filter { $0["type"] as? String == type }
    }

    @Test func directChatsInvitesAndLookupsAgainstSynapse() async throws {
        defer {
            aliceShell.remove()
            bobShell.remove()
        }
        let roomID = try await anAcceptedDirectInviteIsToldAndBecomesTheDirectChat()
        try await usersWhoDoNotExistAreRefusedUnlessForced(besides: roomID)
    }

    /// alice starts a DM; bob's shell tells him of the invite once, and accepting it records the
    /// room in his `m.direct`: `/rooms` calls it direct, and his `/dm` in the next run finds it.
    func anAcceptedDirectInviteIsToldAndBecomesTheDirectChat() async throws -> String {
        let started = try await alice(["/login test alice", "/dm @bob:localhost"])
        let roomID = try #require(Membership.results(started, "dm").first?["room_id"] as? String, "\(started.standardOutput)")

        let invited = try await bob(["/login test bob", "/wait sync"])
        let told = Self.objects(invited, ofType: "invite")
        #expect(told.count == 1, "\(invited.standardOutput)")
        #expect(told.first?["room_id"] as? String == roomID)
        #expect(told.first?["inviter"] as? String == "@alice:localhost")
        #expect(told.first?["direct"] as? Bool == true)
        #expect(told.first?["number"] as? Int == 1)

        let again = try await bob(["/wait sync", "/rooms"])
        #expect(Self.objects(again, ofType: "invite").isEmpty, "told once, not at every start: \(again.standardOutput)")

        let accepted = try await bob(["/accept 1", "/wait sync", "/rooms"])
        #expect(Membership.results(accepted, "accept").first?["room_id"] as? String == roomID, "\(accepted.standardOutput)")
        let listed = try #require(Membership.results(accepted, "rooms").last?["rooms"] as? [[String: Any]])
        #expect(listed.first { $0["room_id"] as? String == roomID }?["is_direct"] as? Bool == true, "\(accepted.standardOutput)")

        let reused = try await bob(["/dm @alice:localhost"])
        let chat = Membership.results(reused, "dm").first
        #expect(chat?["room_id"] as? String == roomID, "\(reused.standardOutput)")
        #expect(chat?["created"] as? Bool == false, "no second room with alice")
        #expect(try await bobPeer.membership(of: "@bob:localhost", in: roomID) == "join")
        return roomID
    }

    /// Nothing is created, invited or asked for a user their server does not know; `!` goes ahead.
    func usersWhoDoNotExistAreRefusedUnlessForced(besides roomID: String) async throws {
        let refused = try await alice(["/dm @ghost:localhost", "/verify @nobody:localhost", "/verify @carol:localhost",
                                       "/dm @alice:localhost", "/open \(roomID)", "/invite @ghost:localhost", "/wait sync", "/rooms"])
        #expect(Membership.errorCode(Membership.results(refused, "dm").first) == "user_not_found", "\(refused.standardOutput)")
        let verifications = Membership.results(refused, "verify")
        #expect(Membership.errorCode(verifications.first) == "user_not_found", "\(refused.standardOutput)")
        // carol exists but never signed in with encryption: there is nothing to verify.
        #expect(Membership.errorCode(verifications.last) == "user_without_devices", "\(refused.standardOutput)")
        #expect(Membership.errorCode(Membership.results(refused, "dm").last) == "direct_chat_with_self")
        #expect(Membership.errorCode(Membership.results(refused, "invite").first) == "user_not_found")
        let rooms = try #require(Membership.results(refused, "rooms").last?["rooms"] as? [[String: Any]])
        #expect(rooms.compactMap { $0["room_id"] as? String } == [roomID], "no room was created for anyone")

        let forced = try await alice(["/dm! @ghost:localhost"])
        #expect(Membership.results(forced, "dm").first?["created"] as? Bool == true, "\(forced.standardOutput)")
        #expect(try await alice(["/logout!"]).status == 0)
        #expect(try await bob(["/logout!"]).status == 0)
    }
}
