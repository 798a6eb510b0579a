import Foundation
import Testing

/// Encrypted history shared on invite (MSC4268) between wyn's shell, xia's Element X (the Rust
/// SDK peer) and yul's matrix-nio device, which no identity signs: each way with Element X, and
/// a bundle from an unverified device kept until it is verified, with hostile entries refused.
/// All three are this suite's alone; sliding sync only (the /v3 path of a bundle is the same
/// to-device message, read by unit tests).
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil && RustSDKPeer.python != nil,
                             "needs Synapse and the nio and Rust SDK venvs of Scripts/test"))
struct ShellSharedHistoryIntegrationTests {
    let homeserver = TestHomeserver.current!
    var wyn: String { homeserver.user(48) }
    var wynID: String { homeserver.userID(wyn) }
    var xiaID: String { homeserver.userID(homeserver.user(49)) }
    var yul: NioCryptoPeer { NioCryptoPeer(homeserver: homeserver, user: homeserver.user(50), storeDirectory: Self.yulStore) }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }
    /// Yul's device, one for the suite (its keys stay published between tests).
    static let yulStore = FileManager.default.temporaryDirectory.appending(path: "element-shell-yul-\(UUID().uuidString)").path

    func xia(in shell: ShellProcess) throws -> RustSDKPeer {
        RustSDKPeer(homeserver: homeserver, user: homeserver.user(49), storeDirectory: shell.home.appending(path: "xia").path,
                    passwordFile: try shell.write(homeserver.password, to: "xia-password"))
    }

    /// Wyn's shell, signed in; with cross-signing set up (once for the account) when `crossSigned`:
    /// Element X shares history only with devices their owner's identity signed.
    func signedIn(_ shell: ShellProcess, crossSigned: Bool = false) async throws -> [String] {
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let login = try await shell.run(base + ["-c", "/login test \(wyn)"] + (crossSigned ? ["-c", "/recovery! setup"] : []),
                                        extraEnvironment: password)
        #expect(login.status == 0, "\(login)")
        return base
    }

    static func bodies(in run: ShellProcess.Result) -> [String] {
        (run.result(of: "open")?["messages"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
    }

    static func historyReports(in run: ShellProcess.Result) -> [[String: Any]] {
        run.objects.filter { $0["type"] as? String == "history_shared" }
    }

    @Test func elementXsHistoryIsReadOnAcceptingAndOursIsReadByElementX() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try await signedIn(shell, crossSigned: true)
        let element = try xia(in: shell)
        let name = "Shared \(UUID().uuidString.prefix(6))"
        let created = try await element.createRoom(named: name, messages: ["before wyn came", "and more"], inviting: wynID)
        let roomID = try #require(created["room_id"] as? String, "\(created)")

        let accepted = try await shell.run(base + ["-c", "/wait sync --timeout 60", "-c", "/accept \(name)", "-c", "/wait sync --timeout 60",
                                                   "-c", "/open \(roomID)"])
        #expect(accepted.status == 0, "\(accepted)")
        let report = try #require(Self.historyReports(in: accepted).first, "\(accepted.standardOutput)")
        #expect(report["shared_by"] as? String == xiaID && (report["imported"] as? Int ?? 0) >= 1 && report["refused"] is NSNull, "\(report)")
        #expect(Self.bodies(in: accepted).suffix(2) == ["before wyn came", "and more"], "\(accepted.standardOutput)")
        let marked = (accepted.result(of: "open")?["messages"] as? [[String: Any]] ?? []).filter { $0["body"] as? String == "and more" }
        #expect(marked.first?["key_shared_by"] as? String == xiaID && marked.first?["trust"] as? String == "shared_history", "\(marked)")

        // The other way: our room's history, shared on inviting Element X, read there after joining.
        let ours = "Ours \(UUID().uuidString.prefix(6))"
        let invited = try await shell.run(base + ["-c", "/create \(ours) --encrypted", "-c", "ours before", "-c", "ours too",
                                                  "-c", "/wait sent --timeout 60", "-c", "/invite \(xiaID)"])
        #expect(invited.status == 0, "\(invited)")
        let ourRoom = try #require(invited.result(of: "create")?["room_id"] as? String)
        let invite = try #require(invited.result(of: "invite"), "\(invited.standardOutput)")
        #expect(invite["history_shared"] as? Bool == true && invite["history_keys"] as? Int == 1, "\(invite)")
        let read = try await element.read(roomID: ourRoom, expected: 2)
        #expect(read["messages"] as? [String] == ["ours before", "ours too"], "\(read)")
    }

    @Test func aBundleFromAnUnverifiedDeviceWaitsForItsVerificationAndHostileKeysAreRefused() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try await signedIn(shell)
        let name = "Unsigned \(UUID().uuidString.prefix(6))"
        let roomID = try await yul.createRoom(named: name, inviting: nil)
        try await yul.send(["from an unsigned device"], to: roomID)
        // Twice, with a key for another room and two forged ones in it.
        let shared = try await yul.shareHistory(of: roomID, with: wynID, options: ["--invite", "--foreign-room-key", "--forged-session", "--repeat", "2"])
        #expect(shared["keys"] as? Int == 4, "\(shared)")

        let accepted = try await shell.run(base + ["-c", "/wait sync --timeout 60", "-c", "/accept \(name)", "-c", "/wait sync --timeout 60",
                                                   "-c", "/open \(roomID)"])
        #expect(accepted.status == 0, "\(accepted)")
        let refused = Self.historyReports(in: accepted)
        #expect(refused.count == 1 && refused.first?["refused"] as? String == "unverified_device", "\(accepted.standardOutput)")
        let unread = (accepted.result(of: "open")?["messages"] as? [[String: Any]] ?? []).last
        // Sent before the shell's user was invited: Synapse says so (`unsigned.membership`), as Element X shows it.
        #expect(unread?["decryption_failure"] as? String == "sent_before_joined", "\(accepted.standardOutput)")

        // A run later the user compares yul's fingerprint and verifies the device: imported, once.
        let device = try await yul.ownDevice()
        let deviceID = try #require(device["device_id"] as? String), ed25519 = try #require(device["ed25519"] as? String)
        let verified = try await shell.run(base + ["-c", "/verify \(yul.userID) \(deviceID) \(ed25519)", "-c", "/open \(roomID)",
                                                   "-c", "/wait sync --timeout 60"])
        #expect(verified.status == 0, "\(verified)")
        let imported = Self.historyReports(in: verified)
        #expect(imported.count == 1, "\(verified.standardOutput)")
        #expect(imported.first?["imported"] as? Int == 1 && imported.first?["skipped"] as? Int == 3, "\(imported)")
        let again = try await shell.run(base + ["-c", "/wait sync --timeout 60", "-c", "/open \(roomID)"])
        #expect(Self.bodies(in: again).last == "from an unsigned device", "\(again.standardOutput)")
        #expect(Self.historyReports(in: again).isEmpty, "told once")
    }

    @Test func aBundleWithoutItsSendersDeviceKeysOrForAnotherRoomIsNeverImported() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try await signedIn(shell)
        let device = try await yul.ownDevice()
        let deviceID = try #require(device["device_id"] as? String), ed25519 = try #require(device["ed25519"] as? String)
        _ = try await shell.run(base + ["-c", "/verify \(yul.userID) \(deviceID) \(ed25519)"])
        let first = "Keyless \(UUID().uuidString.prefix(6))", second = "Elsewhere \(UUID().uuidString.prefix(6))"
        let keyless = try await yul.createRoom(named: first, inviting: nil)
        try await yul.send(["no device keys"], to: keyless)
        _ = try await yul.shareHistory(of: keyless, with: wynID, options: ["--invite", "--no-sender-device-keys"])
        let elsewhere = try await yul.createRoom(named: second, inviting: nil)
        try await yul.send(["claimed elsewhere"], to: elsewhere)
        _ = try await yul.shareHistory(of: elsewhere, with: wynID, options: ["--invite", "--claim-room", "!nowhere:\(homeserver.serverName)"])

        let run = try await shell.run(base + ["-c", "/wait sync --timeout 60", "-c", "/accept \(first)", "-c", "/accept \(second)",
                                              "-c", "/wait sync --timeout 60", "-c", "/open \(keyless)", "-c", "/open \(elsewhere)"])
        #expect(run.status == 0, "\(run)")
        #expect(Self.historyReports(in: run).isEmpty, "\(run.standardOutput)")
        let opened = run.objects.filter { $0["command"] as? String == "open" }
        #expect(opened.count == 2 && opened.allSatisfy { (($0["messages"] as? [[String: Any]])?.last?["decryption_failure"] as? String) == "sent_before_joined" },
                "\(run.standardOutput)")
    }
}
