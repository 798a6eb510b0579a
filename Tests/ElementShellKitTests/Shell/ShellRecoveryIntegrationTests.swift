import Foundation
import MatrixCrypto
import Testing

/// The binary and the Rust SDK that Element X is built on, sharing one account's trusted identity:
/// recovery set up on one side is unlocked on the other, which then counts as a verified device
/// and reads the history from the key backup; a user the shell verified who resets their identity
/// is no longer trusted. nina (the peer sets up), olga (the shell sets up), pat (the shell) and
/// quinn (the peer pat verifies) and rita (a setup killed half-way) are this suite's alone: each
/// identity is made once per server.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && RustSDKPeer.python != nil, "needs Synapse and the Rust SDK venv of Scripts/test"))
struct ShellRecoveryIntegrationTests {
    let homeserver = TestHomeserver.current!
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    func peer(_ user: String, in shell: ShellProcess, device: String) throws -> RustSDKPeer {
        RustSDKPeer(homeserver: homeserver, user: user, storeDirectory: shell.home.appending(path: "peer-\(device)").path,
                    passwordFile: try shell.write(homeserver.password, to: "peer-password"))
    }

    static func result(of command: String, in run: ShellProcess.Result) -> [String: Any]? {
        run.objects.last { $0["command"] as? String == command }
    }

    static func bodies(of command: String, in run: ShellProcess.Result) -> [String] {
        let messages = result(of: command, in: run)?["messages"] as? [[String: Any]] ?? []
        return messages.compactMap { $0["body"] as? String }
    }

    @Test func aRecoveryKeyFromElementVerifiesTheShellAndRestoresTheHistory() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let nina = homeserver.user(12)
        let first = try peer(nina, in: shell, device: "first")
        let before = ["before the shell 1 \(UUID().uuidString.prefix(4))", "before the shell 2"]
        let setup = try await first.setUpRecovery(roomName: "History", messages: before)
        let key = try #require(setup["recovery_key"] as? String)
        let roomID = try #require(setup["room_id"] as? String)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]

        // A first run logs in and syncs: the old messages arrive without their key.
        let login = try await shell.run(base + ["-c", "/login test \(nina)", "-c", "/wait sync --timeout 60", "-c", "/whoami"],
                                        extraEnvironment: password)
        #expect(login.status == 0, "\(login)")
        let deviceID = try #require(Self.result(of: "whoami", in: login)?["device_id"] as? String)

        // Another account's key, and a mistyped one: each says so, and nothing changes.
        let wrong = try await shell.run(base + ["-c", "/recovery \(SecretStorageKey().recoveryKey)", "-c", "/recovery EsTV not a key",
                                                "-c", "/recovery"])
        #expect(wrong.objects.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
            == ["wrong_recovery_key", "malformed_recovery_key"], "\(wrong.standardOutput)")
        #expect(Self.result(of: "recovery", in: wrong)?["device_verified"] as? Bool == false)

        // The next run recovers: the device is verified and the backup's keys come down.
        let after = "from the recovered shell \(UUID().uuidString.prefix(4))"
        let recovered = try await shell.run(base + ["-c", "/recovery \(key)", "-c", "/open \(roomID)", "-c", after,
                                                    "-c", "/wait sent --timeout 60"])
        #expect(recovered.status == 0, "\(recovered)")
        let recovery = try #require(Self.result(of: "recovery", in: recovered))
        #expect(recovery["ok"] as? Bool == true, "\(recovery)")
        #expect(recovery["device_verified"] as? Bool == true)
        #expect(((recovery["restored"] as? [String: Any])?["restored"] as? Int ?? 0) >= 1, "\(recovery)")
        #expect(Self.bodies(of: "open", in: recovered) == before)
        // Element's engine reads what the shell sent then without a warning: a device its owner signed.
        let read = try await first.read(roomID: roomID, expected: 3)
        let sent = (read["details"] as? [[String: Any]] ?? []).first { $0["body"] as? String == after }
        #expect(sent != nil && sent?["shield"] is NSNull, "\(read)")

        // Element's engine sees the shell's device as verified.
        let trust = try await first.deviceTrust(of: deviceID, until: "verified")
        #expect(trust["verified"] as? Bool == true, "\(trust)")

        // And a later run still says so, from the store and the server.
        let status = try await shell.run(base + ["-c", "/recovery"])
        let shown = try #require(Self.result(of: "recovery", in: status))
        #expect(shown["device_verified"] as? Bool == true, "\(shown)")
        #expect(shown["backing_up"] as? Bool == true, "\(shown)")
    }

    @Test func recoverySetUpByTheShellIsUnlockedByElementWhichReadsTheBackup() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let olga = homeserver.user(13)
        // At the most verbose level, so the log can be searched for the keys.
        let base = try shell.testerArguments(for: homeserver, settings: ["log_level": "trace"]) + ["--output", "json"]
        let name = "Backed up \(UUID().uuidString.prefix(6))"
        let texts = ["sent before setup \(UUID().uuidString.prefix(4))", "sent after setup"]

        let run = try await shell.run(base + [
            "-c", "/login test \(olga)", "-c", "/create \(name)", "-c", "/encrypt!", "-c", texts[0], "-c", "/wait sent --timeout 60",
            "-c", "/recovery! setup", "-c", texts[1], "-c", "/wait sent --timeout 60", "-c", "/wait sync --timeout 60", "-c", "/backup",
        ], extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let setup = try #require(Self.result(of: "recovery", in: run))
        let key = try #require(setup["recovery_key"] as? String, "\(setup)")
        let roomID = try #require(Self.result(of: "create", in: run)?["room_id"] as? String)
        let backup = try #require(Self.result(of: "backup", in: run))
        #expect(backup["backed_up_keys"] as? Int == backup["room_keys"] as? Int, "\(backup)")

        // A new device of Element's engine recovers with the printed key and reads both from the backup.
        let element = try peer(olga, in: shell, device: "element")
        let recovered = try await element.recover(key: key, roomID: roomID, expected: 2)
        #expect(recovered["verification_state"] as? String == "VERIFIED", "\(recovered)")
        #expect(recovered["messages"] as? [String] == texts, "\(recovered)")
        // Both went encrypted, the first although sync had not brought the room's encryption yet:
        // Element's only shield is the grey one of every key that came from a backup.
        let shields = (recovered["details"] as? [[String: Any]] ?? []).map { $0["shield"] as? String }
        #expect(shields == ["GREY:AUTHENTICITY_NOT_GUARANTEED", "GREY:AUTHENTICITY_NOT_GUARANTEED"], "\(recovered)")

        // A reset (the password answers the server) makes a new identity and backup, which keeps
        // the room keys: another new device of Element's engine reads both with the new key.
        let reset = try await shell.run(base + ["-c", "/recovery! reset"], extraEnvironment: password)
        #expect(reset.status == 0, "\(reset)")
        let newKey = try #require(Self.result(of: "recovery", in: reset)?["recovery_key"] as? String, "\(reset.standardOutput)")
        #expect(newKey != key)
        let later = try peer(olga, in: shell, device: "later")
        let afterReset = try await later.recover(key: newKey, roomID: roomID, expected: 2)
        #expect(afterReset["verification_state"] as? String == "VERIFIED", "\(afterReset)")
        #expect(afterReset["messages"] as? [String] == texts, "\(afterReset)")
        let secrets = [key, newKey, key.filter { $0 != " " }, newKey.filter { $0 != " " }, homeserver.password] + texts
        try LogLeaks.expectNone(of: secrets, in: try shell.testerLog())
    }

    /// Identity pinning as Element X has it: a verified person's reset holds what is sent to
    /// rooms with them until the verification is withdrawn (then it goes, once); an unverified
    /// person's reset is a warning, told with the rooms and again at the next send.
    @Test func aResetIdentityHoldsMessagesWhenItWasVerifiedAndIsToldWhenItWasNot() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let pat = homeserver.user(14), quinn = homeserver.user(15)
        let quinnID = "@\(quinn):\(homeserver.serverName)"
        let element = try peer(quinn, in: shell, device: "quinn")
        let master = try #require(try await element.identity()["master_key"] as? String)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]

        let verified = try await shell.run(base + [
            "-c", "/login test \(pat)", "-c", "/recovery! setup", "-c", "/verify \(quinnID) --identity \(master)", "-c", "/whois \(quinnID)",
            "-c", "/create Held --encrypted", "-c", "/invite \(quinnID)", "-c", "before the reset", "-c", "/wait sent --timeout 60",
        ], extraEnvironment: password)
        #expect(verified.status == 0, "\(verified)")
        let before = try #require(Self.result(of: "whois", in: verified))
        #expect(before["identity"] as? String == "verified", "\(before)")
        let devices = before["devices"] as? [[String: Any]] ?? []
        #expect(!devices.isEmpty && devices.allSatisfy { $0["verified"] as? Bool == true }, "\(before)")
        let roomID = try #require(Self.result(of: "create", in: verified)?["room_id"] as? String, "\(verified.standardOutput)")
        #expect(try await element.read(roomID: roomID, expected: 1)["messages"] as? [String] == ["before the reset"])

        let reset = try await element.resetIdentity()
        #expect(reset["master_key"] as? String != master)

        // The next run is told, with the room; none of quinn's devices is trusted; the message waits.
        let held = try await shell.run(base + [
            "-c", "/wait sync --timeout 60", "-c", "/whois \(quinnID)", "-c", "/open Held", "-c", "while it was reset", "-c", "/wait sent --timeout 60",
            "-c", "/queue",
        ])
        #expect(held.status == 0, "\(held)")
        let told = try #require(held.objects.first { $0["type"] as? String == "identity_changed" }, "\(held.standardOutput)")
        #expect(told["user_id"] as? String == quinnID && told["was_verified"] as? Bool == true, "\(told)")
        #expect(told["rooms"] as? [String] == ["Held"], "\(told)")
        let changed = try #require(Self.result(of: "whois", in: held))
        #expect(changed["identity"] as? String == "changed", "\(changed)")
        #expect((changed["devices"] as? [[String: Any]] ?? []).allSatisfy { $0["verified"] as? Bool == false }, "\(changed)")
        let refused = try #require(held.objects.first { $0["type"] as? String == "send_failed" }, "\(held.standardOutput)")
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "verified_identity_changed", "\(refused)")
        let queued = Self.result(of: "queue", in: held)?["queue"] as? [[String: Any]] ?? []
        #expect(queued.map { $0["body"] as? String } == ["while it was reset"] && queued.first?["held"] as? Bool == true, "\(queued)")

        // A run later, withdrawing the verification sends it, once.
        let withdrawn = try await shell.run(base + ["-c", "/verify --withdraw \(quinnID)", "-c", "/wait sent --timeout 60"])
        #expect(withdrawn.status == 0, "\(withdrawn)")
        let accepted = try #require(Self.result(of: "verify", in: withdrawn), "\(withdrawn.standardOutput)")
        #expect(accepted["identity_before"] as? String == "changed" && accepted["identity"] as? String == "not_verified", "\(accepted)")
        #expect(accepted["released_messages"] as? Int == 1, "\(accepted)")
        #expect(try await element.read(roomID: roomID, expected: 2)["messages"] as? [String] == ["before the reset", "while it was reset"])

        // Not verified now, quinn resets again: told, and named at the next send, which goes.
        _ = try await element.resetIdentity()
        let warned = try await shell.run(base + ["-c", "/wait sync --timeout 60", "-c", "/open Held", "-c", "after the second reset",
                                                 "-c", "/wait sent --timeout 60", "-c", "/whois \(quinnID)"])
        #expect(warned.status == 0, "\(warned)")
        let second = try #require(warned.objects.first { $0["type"] as? String == "identity_changed" }, "\(warned.standardOutput)")
        #expect(second["was_verified"] as? Bool == false && second["rooms"] as? [String] == ["Held"], "\(second)")
        let atSend = try #require(warned.objects.first { $0["type"] as? String == "sent_despite_identity_reset" }, "\(warned.standardOutput)")
        #expect(atSend["user_ids"] as? [String] == [quinnID] && atSend["room"] as? String == "Held", "\(atSend)")
        #expect(Self.result(of: "whois", in: warned)?["identity"] as? String == "reset")
        #expect(try await element.read(roomID: roomID, expected: 3)["messages"] as? [String]
                == ["before the reset", "while it was reset", "after the second reset"])
    }

    /// MSC4287 between the shell and Element X on one account: each reads what the other said of
    /// the key backup, and the shell stops backing up when Element X turns it off.
    @Test func theKeyBackupTurnedOffOrOnIsReadByTheOtherClient() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let vic = homeserver.user(47)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let setup = try await shell.run(base + ["-c", "/login test \(vic)", "-c", "/recovery! setup"], extraEnvironment: password)
        #expect(setup.status == 0, "\(setup)")
        let recoveryKey = try #require(Self.result(of: "recovery", in: setup)?["recovery_key"] as? String, "\(setup.standardOutput)")
        let phone = try homeserver.phone(of: vic, in: shell)
        let setUp = try await phone.keyBackup(expect: "on")
        #expect(setUp["exists_on_server"] as? Bool == true, "\(setUp)")

        let off = try await shell.run(base + ["-c", "/backup! off", "-c", "/backup"])
        #expect(off.status == 0, "\(off)")
        #expect(Self.result(of: "backup", in: off)?["backup_preference"] as? String == "off", "\(off.standardOutput)")
        let seenOff = try await phone.keyBackup(expect: "off")
        #expect(seenOff["exists_on_server"] as? Bool == false && (seenOff["backup_disabled"] as? [String: Any])?["disabled"] as? Bool == true,
                "\(seenOff)")

        // Element X turns it on (a backup of its own, which the shell cannot vouch for); the shell
        // reads that, then turns on a backup of its own, its key in secret storage.
        _ = try await phone.keyBackup(enable: true)
        let on = try await shell.run(base + ["-c", "/backup", "-c", "/backup on \(recoveryKey)", "-c", "/backup"])
        #expect(on.status == 0, "\(on)")
        let read = try #require(on.objects.first { $0["command"] as? String == "backup" && $0["backup_preference"] != nil })
        #expect(read["backup_preference"] as? String == "on" && read["backup_version"] as? String == "2", "\(read)")
        let made = try #require(on.objects.first { $0["command"] as? String == "backup" && $0["new"] != nil }, "\(on.standardOutput)")
        #expect(made["new"] as? Bool == true && made["in_secret_storage"] as? Bool == true, "\(made)")
        #expect(Self.result(of: "backup", in: on)?["backing_up"] as? Bool == true, "\(on.standardOutput)")

        // Element X turns recovery off: the shell hears it at its next start and backs up no more.
        _ = try await phone.keyBackup(disable: true)
        let stopped = try await shell.run(base + ["-c", "/wait sync --timeout 60", "-c", "/backup"])
        #expect(stopped.status == 0, "\(stopped)")
        let status = try #require(Self.result(of: "backup", in: stopped))
        #expect(status["backup_preference"] as? String == "off" && status["backing_up"] as? Bool == false, "\(status)")
        try LogLeaks.expectNone(of: [recoveryKey, recoveryKey.filter { $0 != " " }], in: try shell.testerLog())
    }

    @Test func aSetupKilledBeforeItsLastStepIsFinishedWithTheSameIdentity() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let rita = homeserver.user(16), ritaID = "@\(homeserver.user(16)):\(homeserver.serverName)"
        let proxy = try await FaultProxy(upstream: homeserver.url)
        let config = try shell.write("""
            homeservers:
              test: { url: \(proxy.url.absoluteString) }
            profiles:
              tester: { app_name: Tester, default_homeserver: test, settings: { request_timeout: 120 } }
            """, to: "config.yaml")
        let base = ["--config", config, "--profile", "tester", "--no-rc", "--output", "json"]
        let login = try await shell.run(base + ["-c", "/login test \(rita)"], extraEnvironment: password)
        #expect(login.status == 0, "\(login)")

        // Killed while the last step, making secret storage's key the default, is on its way.
        try await proxy.add(.hold, path: "/account_data/m\\.secret_storage\\.default_key$", method: "PUT")
        let killed = try await shell.run(base + ["-c", "/recovery! setup"], extraEnvironment: password) { try await proxy.held() }
        #expect(killed.wasKilled, "\(killed.standardOutput)")
        try await proxy.release()
        let published = try await shell.run(base + ["-c", "/whois \(ritaID)"])
        let master = try #require(Self.result(of: "whois", in: published)?["master_key"] as? String, "\(published.standardOutput)")

        // The next setup finishes that one: the same identity and backup, no second of either.
        let finished = try await shell.run(base + ["-c", "/recovery! setup", "-c", "/whois \(ritaID)"], extraEnvironment: password)
        #expect(finished.status == 0, "\(finished)")
        let setup = try #require(Self.result(of: "recovery", in: finished))
        #expect(setup["backup_version"] as? String == "1", "\(setup)")
        #expect(Self.result(of: "whois", in: finished)?["master_key"] as? String == master)
        let key = try #require(setup["recovery_key"] as? String)
        let element = try peer(rita, in: shell, device: "rita")
        let recovered = try await element.recover(key: key)
        #expect(recovered["verification_state"] as? String == "VERIFIED", "\(recovered)")
        #expect(recovered["master_key"] as? String == master)

        // Messages whose keys are in the backup; then a new device of rita's, killed while it
        // downloads the backup, finishes the restore when it next starts.
        let texts = ["backed up before the kill \(UUID().uuidString.prefix(4))", "and this one"]
        let room = try await shell.run(base + ["-c", "/create Kept --encrypted"] + texts.flatMap { ["-c", $0] }
                                       + ["-c", "/wait sent --timeout 60", "-c", "/wait sync --timeout 60", "-c", "/backup"])
        let roomID = try #require(Self.result(of: "create", in: room)?["room_id"] as? String, "\(room.standardOutput)")
        let backup = try #require(Self.result(of: "backup", in: room))
        #expect(backup["backed_up_keys"] as? Int == backup["room_keys"] as? Int, "\(backup)")
        let second = ShellProcess()
        defer { second.remove() }
        let secondConfig = try second.write(try String(contentsOfFile: config, encoding: .utf8), to: "config.yaml")
        let secondBase = ["--config", secondConfig, "--profile", "tester", "--no-rc", "--output", "json"]
        let arrived = try await second.run(secondBase + ["-c", "/login test \(rita)", "-c", "/wait sync --timeout 60"], extraEnvironment: password)
        #expect(arrived.status == 0, "\(arrived)")
        try await proxy.add(.hold, path: "/room_keys/keys$", method: "GET")
        let cut = try await second.run(secondBase + ["-c", "/recovery \(key)"]) { try await proxy.held() }
        #expect(cut.wasKilled, "\(cut.standardOutput)")
        try await proxy.release()
        let next = try await second.run(secondBase + ["-c", "/wait sync --timeout 60", "-c", "/open \(roomID)"])
        #expect(Self.bodies(of: "open", in: next) == texts, "\(next.standardOutput)")
    }
}
