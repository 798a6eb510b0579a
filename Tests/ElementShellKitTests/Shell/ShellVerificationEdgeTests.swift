import Foundation
import Testing

/// The ends of a verification that no well-behaved peer brings about, over the real Synapse: a
/// request nobody answers, a step of a verification the shell never heard of (both forged by a
/// matrix-nio device sending raw to-device messages), and nio's legacy SAS, which starts without
/// a request and computes its commitment its own way. amos, bea, cole, dina, eli and fay are
/// this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse of Scripts/test"))
struct ShellVerificationEdgeTests {
    let homeserver = TestHomeserver.current!
    let wait = "/wait verification --timeout 90"

    func arguments(_ shell: ShellProcess) throws -> [String] {
        try shell.testerArguments(for: homeserver) + ["--output", "json"]
    }

    /// A new session of `user` on the shell; its device ID.
    func logIn(_ user: String, on shell: ShellProcess) async throws -> String {
        let run = try await shell.run(try arguments(shell) + ["-c", "/login test \(user)", "-c", "/whoami"],
                                      extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run)")
        return try #require(run.result(of: "whoami")?["device_id"] as? String)
    }

    func nio(_ user: String, in shell: ShellProcess) -> NioCryptoPeer {
        NioCryptoPeer(homeserver: homeserver, user: user, storeDirectory: shell.home.appending(path: "nio-\(user)").path)
    }

    /// Milliseconds since 1970, `age` ago.
    static func timestamp(_ age: TimeInterval) -> Int64 {
        Int64((Date().timeIntervalSince1970 - age) * 1000)
    }

    @Test func aRequestNobodyAnswersIsCancelledWithTimeoutOnBothSides() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let amos = homeserver.user(26), bea = nio(homeserver.user(27), in: shell)
        let device = try await logIn(amos, on: shell)

        // Sent 9 min ago by its timestamp: of the spec's ten minutes, one is left, enough for a
        // loaded machine to start the shell and sync (a request seen after ten minutes is ignored).
        let flowID = "edge-\(UUID().uuidString)"
        let beaDevice = try await bea.deviceID()
        try await bea.sendToDevice("m.key.verification.request", to: homeserver.userID(amos), device: device, content: [
            "transaction_id": flowID, "from_device": beaDevice, "methods": ["m.sas.v1"], "timestamp": Self.timestamp(540),
        ])
        let run = try await shell.run(try arguments(shell) + ["-c", wait, "-c", wait])
        let steps = run.verificationSteps
        #expect(steps.map { $0["state"] as? String } == ["incoming", "cancelled"], "\(run.standardOutput)\(run.standardError)")
        #expect(steps.last?["cancel_code"] as? String == "m.timeout" && steps.last?["cancelled_by"] as? String == "us")

        let cancels = try await bea.receivedToDevice("m.key.verification.cancel")
        #expect(cancels.contains { $0["transaction_id"] as? String == flowID && $0["code"] as? String == "m.timeout" }, "\(cancels)")
    }

    @Test func aStepOfAVerificationNobodyStartedIsAnsweredUnknownTransaction() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let cole = homeserver.user(28), dina = nio(homeserver.user(29), in: shell)
        let device = try await logIn(cole, on: shell)

        let flowID = "nobody-started-\(UUID().uuidString)"
        try await dina.sendToDevice("m.key.verification.key", to: homeserver.userID(cole), device: device, content: [
            "transaction_id": flowID, "key": "7sHeKmSBvnJSGeCx0Xx1JbbEyUrxmpEfy9bTRgqhRxs",
        ])
        let run = try await shell.run(try arguments(shell) + ["-c", "/wait sync --timeout 60", "-c", "/verification"])
        #expect(run.status == 0, "\(run)")
        let listed = run.result(of: "verification")?["verifications"] as? [Any]
        #expect(listed?.isEmpty == true, "no verification comes of it: \(run.standardOutput)")

        let cancels = try await dina.receivedToDevice("m.key.verification.cancel")
        #expect(cancels.contains { $0["transaction_id"] as? String == flowID && $0["code"] as? String == "m.unknown_transaction" }, "\(cancels)")
    }

    /// nio 0.26 starts SAS straight away, without a request, and takes its own hex commitment for
    /// the spec's base64 one: the shell shows the start, takes part (its emoji come up once the
    /// keys are exchanged), nio gives up when the shell's key comes (`m.mismatched_commitment`),
    /// and neither side trusts the other.
    @Test func nioLegacyStartIsAnsweredAndEndsInItsCommitmentMismatch() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let eli = homeserver.user(30), fay = nio(homeserver.user(31), in: shell)
        let device = try await logIn(eli, on: shell)

        let starter = try fay.startSAS(with: homeserver.userID(eli), device: device)
        let run = try await shell.run(try arguments(shell) + ["-c", wait, "-c", "/verification accept", "-c", wait, "-c", wait,
                                                              "-c", "/devices \(homeserver.userID(fay.user))"])
        let answer = try await starter.answer()
        let steps = run.verificationSteps
        #expect(steps.map { $0["state"] as? String } == ["incoming", "comparing", "cancelled"], "\(run.standardOutput)")
        let end = steps.last
        #expect(end?["state"] as? String == "cancelled" && end?["cancel_code"] as? String == "m.mismatched_commitment"
            && end?["cancelled_by"] as? String == "them", "\(run.standardOutput)\(run.standardError)")
        #expect(answer["outcome"] as? String == "cancelled" && answer["cancel_code"] as? String == "m.mismatched_commitment", "\(answer)")
        let devices = run.result(of: "devices")?["devices"] as? [[String: Any]] ?? []
        #expect(!devices.isEmpty && devices.allSatisfy { $0["verified"] as? Bool != true }, "\(devices)")
    }
}
