import Foundation
import Testing

/// Two sessions of one account, each a run of the binary on its own data directory, verify each
/// other by emoji over the real Synapse, as two people with a laptop and a phone would: one asks
/// with `/verify`, the other answers; both show the same emoji; afterwards each trusts the other,
/// in later runs too. A mismatch verifies nothing; secrets asked for in one run arrive in the
/// next. sam, tess and gus are this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse of Scripts/test"))
struct ShellVerificationIntegrationTests {
    let homeserver = TestHomeserver.current!
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    func arguments(_ shell: ShellProcess) throws -> [String] {
        try shell.testerArguments(for: homeserver) + ["--output", "json"]
    }

    /// Logs a new session of `user` in on each shell; returns their device IDs.
    func logIn(_ user: String, on shells: [ShellProcess]) async throws -> [String] {
        var devices: [String] = []
        for shell in shells {
            let run = try await shell.run(try arguments(shell) + ["-c", "/login test \(user)", "-c", "/wait sync --timeout 60", "-c", "/whoami"],
                                          extraEnvironment: password)
            #expect(run.status == 0, "\(run)")
            devices.append(try #require(run.result(of: "whoami")?["device_id"] as? String))
        }
        return devices
    }

    static func emoji(_ step: [String: Any]?) -> [String] {
        (step?["emoji"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
    }

    /// The phone answers whatever comes: it waits for the request, accepts, waits for the emoji,
    /// gives `answer`, and waits for the end. The laptop asks and answers the same way.
    func verify(laptop: ShellProcess, phone: ShellProcess, phoneSays answer: String) async throws
        -> (asked: ShellProcess.Result, answered: ShellProcess.Result) {
        let wait = "/wait verification --timeout 60"
        async let answered = phone.run(try arguments(phone) + ["-c", wait, "-c", "/verification accept", "-c", wait,
                                                               "-c", "/verification \(answer)", "-c", wait])
        let asked = try await laptop.run(try arguments(laptop) + ["-c", "/verify", "-c", wait, "-c", "/verification confirm", "-c", wait])
        return (asked, try await answered)
    }

    @Test func twoSessionsOfOneAccountVerifyEachOtherByEmoji() async throws {
        let laptop = ShellProcess(), phone = ShellProcess()
        defer { laptop.remove(); phone.remove() }
        let devices = try await logIn(homeserver.user(17), on: [laptop, phone])

        let (asked, answered) = try await verify(laptop: laptop, phone: phone, phoneSays: "confirm")
        #expect(asked.status == 0 && answered.status == 0, "\(asked.standardOutput)\(asked.standardError)\(answered.standardOutput)")
        let laptopSteps = asked.verificationSteps, phoneSteps = answered.verificationSteps
        #expect(laptopSteps.map { $0["state"] as? String } == ["comparing", "done"], "\(asked.standardOutput)")
        #expect(phoneSteps.map { $0["state"] as? String } == ["incoming", "comparing", "done"], "\(answered.standardOutput)")
        #expect(phoneSteps.first?["device_id"] as? String == devices[0], "the phone is told which session asks")
        let shown = Self.emoji(laptopSteps.first)
        #expect(shown.count == 7)
        #expect(shown == Self.emoji(phoneSteps.dropFirst().first), "both screens show the same emoji")
        #expect(laptopSteps.last?["verified_device"] as? Bool == true && phoneSteps.last?["verified_device"] as? Bool == true)

        // Later runs of each still trust the other.
        for (shell, other) in [(laptop, devices[1]), (phone, devices[0])] {
            let later = try await shell.run(try arguments(shell) + ["-c", "/devices"])
            let listed = later.result(of: "devices")?["devices"] as? [[String: Any]] ?? []
            #expect(listed.first { $0["device_id"] as? String == other }?["verified"] as? Bool == true, "\(later.standardOutput)")
        }
    }

    @Test func aMismatchCancelsOnBothSidesAndVerifiesNothing() async throws {
        let laptop = ShellProcess(), phone = ShellProcess()
        defer { laptop.remove(); phone.remove() }
        let devices = try await logIn(homeserver.user(18), on: [laptop, phone])

        let (asked, answered) = try await verify(laptop: laptop, phone: phone, phoneSays: "mismatch")
        let laptopEnd = asked.verificationSteps.last, phoneEnd = answered.verificationSteps.last
        #expect(laptopEnd?["state"] as? String == "cancelled" && laptopEnd?["cancel_code"] as? String == "m.mismatched_sas", "\(asked.standardOutput)")
        #expect(laptopEnd?["cancelled_by"] as? String == "them")
        #expect(phoneEnd?["state"] as? String == "cancelled" && phoneEnd?["cancelled_by"] as? String == "us", "\(answered.standardOutput)")
        let later = try await laptop.run(try arguments(laptop) + ["-c", "/devices"])
        let listed = later.result(of: "devices")?["devices"] as? [[String: Any]] ?? []
        #expect(listed.first { $0["device_id"] as? String == devices[1] }?["verified"] as? Bool == false, "\(later.standardOutput)")
    }

    /// A new session verified by one that holds the secrets, each run ending at the verification's
    /// end: the old session answers the secret requests in its next run, and the new session's
    /// next run takes them (the requests outlive the run that sent them) and reads the history.
    @Test func secretsAskedForInOneRunArriveInTheNext() async throws {
        let old = ShellProcess(), new = ShellProcess()
        defer { old.remove(); new.remove() }
        let gus = homeserver.user(32)
        let setup = try await old.run(try arguments(old) + ["-c", "/login test \(gus)", "-c", "/recovery! setup", "-c", "/create Notes --encrypted",
                                                            "-c", "written before the new session", "-c", "/wait sent"],
                                      extraEnvironment: password)
        #expect(setup.status == 0, "\(setup)")
        _ = try await logIn(gus, on: [new])

        let (asked, answered) = try await verify(laptop: new, phone: old, phoneSays: "confirm")
        #expect(asked.verificationSteps.last?["requested_secrets"] as? Bool == true, "\(asked.standardOutput)\(answered.standardOutput)")
        let answering = try await old.run(try arguments(old) + ["-c", "/wait sync --timeout 60"])
        #expect(answering.status == 0, "\(answering)")

        let later = try await new.run(try arguments(new) + ["-c", "/wait secrets --timeout 60", "-c", "/open Notes"])
        let arrivals = later.objects.filter { $0["type"] as? String == "secrets_arrived" }
        #expect(arrivals.contains { $0["cross_signing"] as? Bool == true } && arrivals.contains { $0["backup_key"] as? Bool == true },
                "\(later.standardOutput)\(later.standardError)")
        #expect(later.result(of: "wait")?["device_verified"] as? Bool == true, "\(later.standardOutput)")
        let messages = later.result(of: "open")?["messages"] as? [[String: Any]] ?? []
        #expect(messages.contains { $0["body"] as? String == "written before the new session" }, "\(later.standardOutput)")
    }
}
