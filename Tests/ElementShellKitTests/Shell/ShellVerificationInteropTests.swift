import Foundation
import Testing

/// Emoji verification between the binary and the Rust SDK that Element X is built on, started
/// from either side: the shell and Element's engine show the same emoji, and afterwards each
/// trusts the other; a new session verified this way receives the account's secrets and reads
/// the history from the backup. uma, vera, walt, xena, yann, zack and zoe are this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && RustSDKPeer.python != nil, "needs Synapse and the Rust SDK venv of Scripts/test"))
struct ShellVerificationInteropTests {
    let homeserver = TestHomeserver.current!
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }
    /// The Rust SDK answers within a second to-device and a few in a room; a loaded machine is slower.
    let wait = "/wait verification --timeout 120"

    func arguments(_ shell: ShellProcess) throws -> [String] {
        try shell.testerArguments(for: homeserver) + ["--output", "json"]
    }

    func peer(_ user: String, in shell: ShellProcess, device: String) throws -> RustSDKPeer {
        RustSDKPeer(homeserver: homeserver, user: user, storeDirectory: shell.home.appending(path: "peer-\(device)").path,
                    passwordFile: try shell.write(homeserver.password, to: "peer-password"))
    }

    /// What the shell showed at the comparing step, by the spec's English names, as the peer gives them.
    static func emoji(in run: ShellProcess.Result) -> [String] {
        let comparing = run.verificationSteps.first { $0["state"] as? String == "comparing" }
        return (comparing?["emoji"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
    }

    static func emoji(of answer: [String: Any]) -> [String] {
        (answer["emoji"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
    }

    /// The peer's answer; if it failed, what the shell printed meanwhile goes with the failure.
    func answer(of peer: RunningPeer, beside run: ShellProcess.Result) async throws -> [String: Any] {
        do {
            return try await peer.answer()
        } catch {
            Issue.record("the peer failed: \(error)\nthe shell printed:\n\(run.standardOutput)\n\(run.standardError)")
            throw error
        }
    }

    /// The shell answers a request: accepts it, compares, confirms, waits for the end.
    func answer(on shell: ShellProcess, first: [String] = []) throws -> [String] {
        try arguments(shell) + (first + [wait, "/verification accept", wait, "/verification confirm", wait]).flatMap { ["-c", $0] }
    }

    @Test func ownSessionsVerifyEachOtherBothWaysAndTheShellGetsTheSecrets() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let uma = homeserver.user(19)
        let element = try peer(uma, in: shell, device: "element")
        let history = "before the shell \(UUID().uuidString.prefix(4))"
        let setup = try await element.setUpRecovery(roomName: "Uma's history", messages: [history])
        let roomID = try #require(setup["room_id"] as? String)
        let login = try await shell.run(try arguments(shell) + ["-c", "/login test \(uma)", "-c", "/wait sync --timeout 60", "-c", "/whoami"],
                                        extraEnvironment: password)
        #expect(login.status == 0, "\(login)")
        let deviceID = try #require(login.result(of: "whoami")?["device_id"] as? String)

        // Element's engine first takes in the key requests the login sent for the history: the
        // SDK handled no to-device message after them for 90 s when a verification followed at once.
        _ = try await element.deviceTrust(of: deviceID)

        // The new session asks; Element's engine, which holds the secrets, answers.
        let responder = try element.respondToVerification()
        _ = await responder.line { $0["ready"] as? Bool == true }
        let asked = try await shell.run(try arguments(shell) + ["-c", "/verify", "-c", wait, "-c", "/verification confirm", "-c", wait,
                                                                "-c", "/wait secrets --timeout 120", "-c", "/open \(roomID)"])
        let answered = try await answer(of: responder, beside: asked)
        #expect(answered["outcome"] as? String == "finished", "\(answered)")
        #expect(Self.emoji(in: asked).count == 7)
        #expect(Self.emoji(in: asked) == Self.emoji(of: answered), "\(asked.standardOutput)\n\(answered)")
        #expect(asked.verificationSteps.last?["state"] as? String == "done", "\(asked.standardOutput)\(asked.standardError)")
        #expect(answered["other_verified"] as? Bool == true, "Element's engine signed the shell's session: \(answered)")
        // They may come over more than one sync, each told as it comes. Should they not, what
        // each side did after the end says why (the peer's wire notes, the shell's log).
        let arrivals = asked.objects.filter { $0["type"] as? String == "secrets_arrived" }
        let secretsCame = arrivals.contains { $0["cross_signing"] as? Bool == true } && arrivals.contains { $0["backup_key"] as? Bool == true }
        let peerLog = secretsCame ? "" : ((try? await responder.ending().errors) ?? "")
        #expect(secretsCame, "\(asked.standardOutput)\n-- the peer:\n\(peerLog.suffix(8_000))\n-- the shell's log:\n\(shell.logTail(80).joined(separator: "\n"))")
        let recovery = try #require(asked.result(of: "wait"))
        #expect(recovery["device_verified"] as? Bool == true, "the secrets came: \(recovery)")
        let opened = asked.result(of: "open")?["messages"] as? [[String: Any]] ?? []
        #expect(opened.contains { $0["body"] as? String == history }, "the history came from the backup: \(asked.standardOutput)")

        // Now cross-signed, the shell's session is asked by Element's engine in turn, and answers.
        let requester = try element.requestVerification()
        let replied = try await shell.run(try answer(on: shell))
        let requested = try await answer(of: requester, beside: replied)
        #expect(requested["outcome"] as? String == "finished", "\(requested)")
        #expect(Self.emoji(in: replied) == Self.emoji(of: requested), "\(replied.standardOutput)\n\(requested)")
        let end = replied.verificationSteps.last
        #expect(end?["state"] as? String == "done" && end?["verified_device"] as? Bool == true, "\(replied.standardOutput)")
        #expect(requested["other_device"] as? String == deviceID, "\(requested)")
    }

    /// Two people, each with their identity set up: `shellUser` on the shell, `peerUser` on
    /// Element's engine. Returns the peer and its device's setup answer.
    func twoPeople(shell: ShellProcess, shellUser: String, peerUser: String) async throws -> (element: RustSDKPeer, setup: [String: Any]) {
        let element = try peer(peerUser, in: shell, device: peerUser)
        let setup = try await element.setUpRecovery(roomName: "\(peerUser)'s", messages: ["hello"])
        let login = try await shell.run(try arguments(shell) + ["-c", "/login test \(shellUser)", "-c", "/recovery! setup"], extraEnvironment: password)
        #expect(login.status == 0, "\(login)")
        return (element, setup)
    }

    @Test func theShellVerifiesAPersonInTheirDirectChat() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let vera = homeserver.user(20), walt = homeserver.user(21)
        let (element, _) = try await twoPeople(shell: shell, shellUser: vera, peerUser: walt)

        let responder = try element.respondToVerification(from: homeserver.userID(vera))
        _ = await responder.line { $0["ready"] as? Bool == true }
        let asked = try await shell.run(try arguments(shell) + ["-c", "/verify \(homeserver.userID(walt))", "-c", wait, "-c", "/verification confirm",
                                                                "-c", wait, "-c", "/whois \(homeserver.userID(walt))"])
        let answered = try await answer(of: responder, beside: asked)
        #expect(answered["outcome"] as? String == "finished", "\(answered)")
        #expect(Self.emoji(in: asked) == Self.emoji(of: answered), "\(asked.standardOutput)\n\(answered)")
        let end = asked.verificationSteps.last
        #expect(end?["verified_identity"] as? Bool == true, "\(asked.standardOutput)\(asked.standardError)")
        #expect(asked.result(of: "whois")?["identity"] as? String == "verified")
        #expect(answered["other_verified"] as? Bool == true, "Element's engine trusts the shell's user: \(answered)")
    }

    @Test func aPersonVerifiesTheShellInTheirDirectChat() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let xena = homeserver.user(22), yann = homeserver.user(23)
        let (element, _) = try await twoPeople(shell: shell, shellUser: xena, peerUser: yann)

        let requester = try element.requestVerification(of: homeserver.userID(xena))
        let request = try #require(await requester.line { $0["step"] as? String == "request" }, "the peer asked")
        let roomID = try #require(request["room_id"] as? String, "\(request)")
        let replied = try await shell.run(try answer(on: shell, first: ["/join \(roomID)"]) + ["-c", "/whois \(homeserver.userID(yann))"])
        let requested = try await answer(of: requester, beside: replied)
        #expect(requested["outcome"] as? String == "finished", "\(requested)\n\(replied.standardOutput)")
        #expect(Self.emoji(in: replied) == Self.emoji(of: requested), "\(replied.standardOutput)\n\(requested)")
        #expect(replied.verificationSteps.last?["verified_identity"] as? Bool == true, "\(replied.standardOutput)\(replied.standardError)")
        #expect(requested["other_verified"] as? Bool == true, "\(requested)")
    }

    /// To one device of another person; Element's engine says the emoji differ: both sides end
    /// with `m.mismatched_sas` and neither trusts the other.
    @Test func aMismatchSaidByElementCancelsBothSidesAndVerifiesNothing() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let zack = homeserver.user(24), zoe = homeserver.user(25)
        let (element, setup) = try await twoPeople(shell: shell, shellUser: zack, peerUser: zoe)
        let device = try #require(setup["device_id"] as? String)

        let responder = try element.respondToVerification(from: homeserver.userID(zack), answer: "mismatch")
        _ = await responder.line { $0["ready"] as? Bool == true }
        let zoeID = homeserver.userID(zoe)
        let asked = try await shell.run(try arguments(shell) + ["-c", "/verify \(zoeID) \(device)", "-c", wait, "-c", "/verification confirm",
                                                                "-c", wait, "-c", "/whois \(zoeID)", "-c", "/devices \(zoeID)"])
        let answered = try await answer(of: responder, beside: asked)
        #expect(answered["outcome"] as? String == "cancelled" && answered["cancel_code"] as? String == "m.mismatched_sas", "\(answered)")
        #expect(answered["other_verified"] as? Bool == false, "\(answered)")
        let end = asked.verificationSteps.last
        #expect(end?["state"] as? String == "cancelled" && end?["cancel_code"] as? String == "m.mismatched_sas", "\(asked.standardOutput)")
        #expect(asked.result(of: "whois")?["identity"] as? String != "verified", "\(asked.standardOutput)")
    }
}
