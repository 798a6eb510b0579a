import Foundation
import Testing

/// Keeping people away, as Element X sees it: oli's shell and oli's Element X (the Rust SDK peer,
/// another device of the same account) ignore pam (matrix-nio), block her invites and report
/// her. Both are this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && RustSDKPeer.python != nil && NioPeer.python != nil,
                             "needs Synapse and the nio and Rust SDK venvs of Scripts/test"))
struct ShellSafetyIntegrationTests {
    let homeserver = TestHomeserver.current!
    var oli: String { homeserver.user(41) }
    var oliID: String { "@\(oli):\(homeserver.serverName)" }
    var pam: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(42)) }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    static func bodies(in run: ShellProcess.Result) -> [String] {
        let opened = (run.result(of: "open")?["messages"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
        let arrived = run.objects.filter { $0["type"] as? String == "message" }.compactMap { $0["body"] as? String }
        return opened + arrived
    }

    @Test func someoneIgnoredIsUnseenHereAndInElementUntilLetBack() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let tag = UUID().uuidString.prefix(6)
        let roomID = try await pam.createRoom(named: "Ignore \(tag)", inviting: oliID, displayName: "Pam Nio")
        try await pam.send(["before \(tag)"], to: roomID)
        let joined = try await shell.run(base + ["-c", "/login test \(oli)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/ignored"],
                                         extraEnvironment: password)
        #expect(joined.result(of: "ignored")?["ignored_users"] as? [String] == [], "\(joined.standardOutput)")

        // Element X on oli's phone ignores her (the SDK writes the list as it alone knows it:
        // it goes first, on a list it has seen empty); the shell follows.
        let phone = try homeserver.phone(of: oli, in: shell)
        #expect(try await phone.ignoredUsers(ignore: pam.userID, expect: [pam.userID]) == [pam.userID])
        let other = "@other-\(tag):\(homeserver.serverName)"
        let ignored = try await shell.run(base + ["-c", "/wait sync", "-c", "/ignored", "-c", "/ignore \(oliID)", "-c", "/ignore @nobody-\(tag):\(homeserver.serverName)",
                                                  "-c", "/unignore @cy:\(homeserver.serverName)", "-c", "/ignore! \(other)"])
        #expect(ignored.errorCodes == ["ignoring_self", "user_not_found", "not_ignored"], "\(ignored.standardOutput)")
        #expect(ignored.result(of: "ignored")?["ignored_users"] as? [String] == [pam.userID], "\(ignored.standardOutput)")
        #expect(ignored.result(of: "ignore")?["ignored_users"] as? [String] == [other, pam.userID].sorted(), "the list is kept whole")
        #expect(try await phone.ignoredUsers(expect: [other, pam.userID].sorted()) == [other, pam.userID].sorted())

        // What she writes now is not shown, nor counted, nor rung for.
        try await pam.send(["while ignored \(tag)", "\(oliID): are you there?"], to: roomID)
        let quiet = try await shell.run(base + ["-c", "/wait sync", "-c", "/ignored", "-c", "/rooms", "-c", "/open \(roomID)"])
        #expect(quiet.status == 0, "\(quiet)")
        #expect(quiet.result(of: "ignored")?["ignored_users"] as? [String] == [other, pam.userID].sorted(), "\(quiet.standardOutput)")
        #expect(!Self.bodies(in: quiet).contains { $0.contains("while ignored") || $0.contains("before") }, "\(quiet.standardOutput)")
        #expect(!quiet.objects.contains { $0["type"] as? String == "notification" })
        let room = (quiet.result(of: "rooms")?["rooms"] as? [[String: Any]])?.first { $0["room_id"] as? String == roomID }
        let counts = [room?["notification_count"] as? Int, room?["highlight_count"] as? Int]
        #expect(counts == [0, 0], "\(counts)")

        // The shell lets both back; Element X follows, and what she writes next shows with what was kept.
        let unignored = try await shell.run(base + ["-c", "/unignore \(pam.userID)", "-c", "/unignore \(other)"])
        #expect(unignored.result(of: "unignore")?["ignored_users"] as? [String] == [], "\(unignored.standardOutput)")
        #expect(try await phone.ignoredUsers(expect: []) == [])
        try await pam.send(["back again \(tag)"], to: roomID)
        let back = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)"])
        let bodies = Self.bodies(in: back)
        #expect(bodies.contains("before \(tag)") && bodies.contains("back again \(tag)"), "\(bodies)")
    }

    @Test func blockedInvitesAreRefusedEachWayAndSaidSo() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let tag = UUID().uuidString.prefix(6)
        let blocked = try await shell.run(base + ["-c", "/login test \(oli)", "-c", "/invites", "-c", "/invites block"], extraEnvironment: password)
        let answers = blocked.objects.filter { $0["command"] as? String == "invites" }
        #expect(answers.map { $0["blocked"] as? Bool } == [false, true], "\(blocked.standardOutput)")

        // Pam's invite is refused by the server, and she is told why.
        let roomID = try await pam.createPublicRoom(named: "Blocked \(tag)")
        do {
            try await pam.invite(oliID, to: roomID)
            Issue.record("the invite went through")
        } catch {
            #expect("\(error)".contains("M_INVITE_BLOCKED"), "\(error)")
        }

        // Let in again, her invite comes and waits in the list.
        let allowed = try await shell.run(base + ["-c", "/invites allow"])
        #expect(allowed.result(of: "invites")?["blocked"] as? Bool == false, "\(allowed.standardOutput)")
        try await pam.invite(oliID, to: roomID)
        let pending = try await shell.run(base + ["-c", "/wait sync", "-c", "/invites"])
        let waiting = (pending.result(of: "invites")?["pending"] as? [[String: Any]] ?? []).compactMap { $0["room_id"] as? String }
        #expect(waiting.contains(roomID), "\(pending.standardOutput)")

        // Pam blocks invites: the shell's invite to her says so in her terms.
        try await pam.setAccountData("m.invite_permission_config", content: #"{"default_action": "block"}"#)
        let refused = try await shell.run(base + ["-c", "/create Mine \(tag)", "-c", "/invite \(pam.userID)"])
        #expect(refused.errorCodes == ["invite_blocked"], "\(refused.standardOutput)")
        try await pam.setAccountData("m.invite_permission_config", content: #"{"default_action": "allow"}"#)
    }

    /// A homeserver before spec v1.18 keeps the setting and lets every invite through: the shell
    /// says so and writes nothing (the proxy answers /versions as such a server would).
    @Test func aServerWithoutInviteBlockingIsToldNotWrittenTo() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let proxy = try await FaultProxy(upstream: homeserver.url)
        let arguments = try shell.arguments(through: proxy)
        let login = try await shell.run(arguments + ["-c", "/login test \(oli)"], extraEnvironment: password)
        #expect(login.status == 0, "\(login)")
        try await proxy.add(.status(200, body: ["versions": ["v1.11"], "unstable_features": [:]]), path: "^/_matrix/client/versions$", times: 10)
        let refused = try await shell.run(arguments + ["-c", "/invites block", "-c", "/invites"])
        #expect(refused.errorCodes == ["invite_blocking_unsupported", "invite_blocking_unsupported"], "\(refused.standardOutput)")
        let requests = try await proxy.requests()
        #expect(!requests.contains { $0.path.contains("m.invite_permission_config") }, "nothing was written")
    }

    @Test func reportsReachTheServerAndRefusalsAreSaid() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let tag = UUID().uuidString.prefix(6)
        let roomID = try await pam.createRoom(named: "Reports \(tag)", inviting: oliID, displayName: "Pam Nio")
        try await pam.send(["cheap watches \(tag)"], to: roomID)
        let opened = try await shell.run(base + ["-c", "/login test \(oli)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(roomID)"],
                                         extraEnvironment: password)
        let shown = opened.result(of: "open")?["messages"] as? [[String: Any]] ?? []
        let reference = try #require(shown.first { ($0["body"] as? String)?.hasPrefix("cheap watches") == true }?["ref"] as? String, "\(opened.standardOutput)")

        // Each kind reaches the server; without ! a script is asked to confirm; an unknown room is refused by the server.
        let reported = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/report \(reference) spam", "-c", "/report! ^ it's spam",
                                                   "-c", "/report! --room spam everywhere", "-c", "/report! --user \"Pam Nio\" sends spam",
                                                   "-c", "/report! --room !nosuch-\(tag):\(homeserver.serverName) spam"])
        let results = reported.objects.filter { $0["command"] as? String == "report" }
        #expect(results.map { $0["ok"] as? Bool } == [false, true, true, true, false], "\(reported.standardOutput)")
        #expect(reported.errorCodes.first == "confirmation_required")
        #expect(results.compactMap { $0["reported"] as? String } == ["message", "room", "user"])
        #expect(results[3]["user_id"] as? String == pam.userID, "named by her name in the room")
        #expect(reported.errorCodes.last == "M_NOT_FOUND", "\(reported.standardOutput)")
    }

    /// A homeserver before spec v1.14 has no endpoint to report users: the shell says so.
    @Test func aServerWithoutUserReportsIsSaidSo() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let proxy = try await FaultProxy(upstream: homeserver.url)
        let arguments = try shell.arguments(through: proxy)
        try await proxy.add(.status(404, body: ["errcode": "M_UNRECOGNIZED", "error": "Unrecognized request"]), path: "/report$")
        let refused = try await shell.run(arguments + ["-c", "/login test \(oli)", "-c", "/report! --user \(pam.userID) spam"],
                                          extraEnvironment: password)
        #expect(refused.errorCodes == ["report_unsupported"], "\(refused.standardOutput)")
    }

    /// A room left and forgotten is gone from the list, the store and the server's list alike:
    /// a later run does not bring it back.
    @Test func aRoomLeftAndForgottenIsGoneForGood() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let roomID = try await pam.createRoom(named: "Forget \(UUID().uuidString.prefix(6))", inviting: oliID, displayName: "Pam Nio")
        try await pam.send(["something to forget"], to: roomID)
        let run = try await shell.run(base + ["-c", "/login test \(oli)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/forget \(roomID)",
                                              "-c", "/forget nowhere", "-c", "/leave \(roomID)", "-c", "/forget \(roomID)", "-c", "/rooms"],
                                      extraEnvironment: password)
        #expect(run.errorCodes == ["not_left", "unknown_room"], "\(run.standardOutput)")
        let forgotten = run.objects.filter { $0["command"] as? String == "forget" }.last
        #expect(forgotten?["ok"] as? Bool == true && forgotten?["forgotten"] as? Bool == true, "\(run.standardOutput)")
        let listed = (run.result(of: "rooms")?["rooms"] as? [[String: Any]] ?? []).compactMap { $0["room_id"] as? String }
        #expect(!listed.contains(roomID))
        // The next run syncs on from where this one ended (Synapse failed a position from before the leave).
        let later = try await shell.run(base + ["-c", "/wait sync --timeout 20", "-c", "/rooms"])
        #expect(later.status == 0, "\(later.standardOutput) \(shell.logTail(20))")
        let listedLater = (later.result(of: "rooms")?["rooms"] as? [[String: Any]] ?? []).compactMap { $0["room_id"] as? String }
        #expect(!listedLater.contains(roomID), "\(later.standardOutput)")
        #expect(try await pam.membership(of: oliID, in: roomID) == "leave")
    }
}
