import Foundation
import MatrixCrypto
import Testing

/// QR code verification over the real Synapse, with a matrix-nio device of the same account as
/// the phone that scans: it asks with the methods Element offers, the shell accepts and prints
/// its code, the test reads the code off the shell's JSON as a camera would off the screen, and
/// the nio device reciprocates with raw to-device messages. gwen and hugo are this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse of Scripts/test"))
struct ShellQRVerificationIntegrationTests {
    let homeserver = TestHomeserver.current!
    let wait = "/wait verification --timeout 90"

    func arguments(_ shell: ShellProcess) throws -> [String] {
        try shell.testerArguments(for: homeserver) + ["--output", "json"]
    }

    /// A new session of `user` with cross-signing set up, so it trusts the master key it shows.
    func logInWithCrossSigning(_ user: String, on shell: ShellProcess) async throws -> String {
        let run = try await shell.run(try arguments(shell) + ["-c", "/login test \(user)", "-c", "/recovery! setup", "-c", "/whoami"],
                                      extraEnvironment: ["ELEMENT_SHELL_PASSWORD": homeserver.password])
        #expect(run.status == 0, "\(run)")
        return try #require(run.result(of: "whoami")?["device_id"] as? String)
    }

    /// A shell showing its code to a scanner, as the test found them.
    struct Shown {
        let shell: ShellProcess
        let device: String
        let scanner: NioCryptoPeer
        let running: RunningPeer
        let code: VerificationQRData
    }

    /// The scanner asks the shell; the shell (started with `commands` after its first wait and
    /// accept) prints its code, read off its JSON.
    func showCode(to user: String, then commands: [String]) async throws -> Shown {
        let shell = ShellProcess()
        let device = try await logInWithCrossSigning(user, on: shell)
        let scanner = NioCryptoPeer(homeserver: homeserver, user: user, storeDirectory: shell.home.appending(path: "nio-\(user)").path)
        let scannerDevice = try await scanner.ownDevice()
        let flowID = "qr-\(UUID().uuidString)"
        try await scanner.sendToDevice("m.key.verification.request", to: homeserver.userID(user), device: device, content: [
            "transaction_id": flowID, "from_device": scannerDevice["device_id"] as? String ?? "",
            "methods": ["m.sas.v1", "m.qr_code.scan.v1", "m.reciprocate.v1"], "timestamp": Int64(Date().timeIntervalSince1970 * 1000),
        ])
        let running = try shell.start(try arguments(shell) + ["-c", wait, "-c", "/verification accept"] + commands.flatMap { ["-c", $0] })
        let shown = await running.line { ($0["verification"] as? [String: Any])?["qr_code"] != nil }
        let step = try #require(shown?["verification"] as? [String: Any], "the shell shows no code")
        #expect(step["state"] as? String == "showing_qr_code")
        let bytes = try #require(Data(base64Encoded: step["qr_code"] as? String ?? ""))
        let code = try VerificationQRData(decoding: Array(bytes))
        #expect(code.mode == .selfVerifyingTrustingMasterKey && code.flowID == flowID)
        #expect(code.secondKey == scannerDevice["ed25519"] as? String, "the code carries the scanner's key as the shell knows it")
        return Shown(shell: shell, device: device, scanner: scanner, running: running, code: code)
    }

    /// What the scanner sends once it read the code: its secret (or another).
    func reciprocate(_ shown: Shown, secret: String) async throws {
        try await shown.scanner.sendToDevice("m.key.verification.start", to: shown.scanner.userID, device: shown.device, content: [
            "transaction_id": shown.code.flowID, "from_device": try await shown.scanner.deviceID(), "method": "m.reciprocate.v1",
            "secret": secret,
        ])
    }

    func isVerified(_ deviceID: String, by shell: ShellProcess) async throws -> Bool? {
        let run = try await shell.run(try arguments(shell) + ["-c", "/devices"])
        let listed = run.result(of: "devices")?["devices"] as? [[String: Any]] ?? []
        return listed.first { $0["device_id"] as? String == deviceID }?["verified"] as? Bool
    }

    @Test func aScannedCodeConfirmedByTheUserVerifiesTheScanningDevice() async throws {
        let shown = try await showCode(to: homeserver.user(33), then: [wait, wait, "/verification confirm", wait])
        defer { shown.shell.remove() }
        let (running, scanner) = (shown.running, shown.scanner)
        try await reciprocate(shown, secret: shown.code.sharedSecret)

        let asked = await running.line { ($0["verification"] as? [String: Any])?["state"] as? String == "reciprocated" }
        #expect(asked != nil, "the shell asks whether the scan succeeded")
        let done = await running.line { ($0["verification"] as? [String: Any])?["state"] as? String == "done" }
        #expect((done?["verification"] as? [String: Any])?["verified_device"] as? Bool == true, "\(String(describing: done))")
        _ = try await running.answer()
        let dones = try await scanner.receivedToDevice("m.key.verification.done")
        #expect(dones.contains { $0["transaction_id"] as? String == shown.code.flowID }, "\(dones)")
        #expect(try await isVerified(try await scanner.deviceID(), by: shown.shell) == true)
    }

    @Test func aReciprocationWithAnotherSecretCancelsAndVerifiesNothing() async throws {
        let shown = try await showCode(to: homeserver.user(34), then: [wait, wait])
        defer { shown.shell.remove() }
        let (running, scanner) = (shown.running, shown.scanner)
        try await reciprocate(shown, secret: Data(repeating: 9, count: 16).unpaddedBase64)

        let end = await running.line { ($0["verification"] as? [String: Any])?["state"] as? String == "cancelled" }
        let step = end?["verification"] as? [String: Any]
        #expect(step?["cancel_code"] as? String == "m.key_mismatch" && step?["cancelled_by"] as? String == "us", "\(String(describing: end))")
        _ = try await running.answer()
        let cancels = try await scanner.receivedToDevice("m.key.verification.cancel")
        #expect(cancels.contains { $0["transaction_id"] as? String == shown.code.flowID && $0["code"] as? String == "m.key_mismatch" }, "\(cancels)")
        #expect(try await isVerified(try await scanner.deviceID(), by: shown.shell) == false)
    }
}
