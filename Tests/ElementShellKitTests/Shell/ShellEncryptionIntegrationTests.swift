import Foundation
import Testing

/// The binary (as frank) in encrypted rooms with grace on matrix-nio, whose Olm and Megolm are
/// vodozemac's: keys are published, claimed and shared over Olm both ways, messages decrypt on
/// either side, and the server only ever holds ciphertext. frank and grace are this suite's alone,
/// so no other test's devices receive their room keys.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil, "needs Synapse and the nio venv of Scripts/test"))
struct ShellEncryptionIntegrationTests {
    let homeserver = TestHomeserver.current!
    var frank: String { homeserver.user(5) }
    var frankID: String { "@\(frank):\(homeserver.serverName)" }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    /// The tester profile at the most verbose log level, so the log can be searched for leaks.
    func arguments(for shell: ShellProcess) throws -> [String] {
        try shell.testerArguments(for: homeserver, settings: ["log_level": "trace"])
    }

    func peer(in shell: ShellProcess, named name: String = "peer") -> NioCryptoPeer {
        NioCryptoPeer(homeserver: homeserver, user: homeserver.user(6), storeDirectory: shell.home.appending(path: name).path)
    }

    static func bodies(of command: String, in run: ShellProcess.Result) -> [String] {
        let messages = run.objects.last { $0["command"] as? String == command }?["messages"] as? [[String: Any]] ?? []
        return messages.compactMap { $0["body"] as? String }
    }

    @Test func anEncryptedRoomTheyCreatedIsReadAndWrittenBothWaysAndAfterARestart() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try arguments(for: shell)
        let grace = peer(in: shell)
        try await loggingOut([grace]) { try await theyCreate(with: grace, shell: shell, base: base) }
    }

    private func theyCreate(with grace: NioCryptoPeer, shell: ShellProcess, base: [String]) async throws {
        let name = "Secret \(UUID().uuidString.prefix(6))"
        let roomID = try await grace.createRoom(named: name, inviting: frankID)

        // A new device publishes its keys before its first sync, so grace can encrypt for it.
        let joined = try await shell.run(base + ["--output", "json", "-c", "/login test \(frank)", "-c", "/join \(roomID)", "-c", "/wait sync"],
                                   extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")
        #expect(try await grace.seesJoined(frankID, in: roomID))
        try await grace.send(["first secret from nio", "second secret from nio"], to: roomID)

        let talk = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)", "-c", "a secret from the shell",
                                         "-c", "/wait sent"])
        #expect(talk.status == 0, "\(talk)")
        #expect(Self.bodies(of: "open", in: talk).suffix(2) == ["first secret from nio", "second secret from nio"], "\(talk.standardOutput)")
        #expect(try await grace.receives("a secret from the shell", in: roomID))

        // The server holds ciphertext only, for both sides' messages.
        let events = try await NioPeer(homeserver: homeserver, user: homeserver.user(6)).events(in: roomID)
        let types = events.compactMap { $0["type"] as? String }.filter { ["m.room.message", "m.room.encrypted"].contains($0) }
        let raw = String(decoding: try JSONSerialization.data(withJSONObject: events), as: UTF8.self)
        #expect(types == Array(repeating: "m.room.encrypted", count: 3))
        #expect(!raw.contains("secret from"))

        // After a restart the store still decrypts its history, and new messages keep coming.
        try await grace.send(["a third secret from nio"], to: roomID)
        let again = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)"])
        #expect(Self.bodies(of: "open", in: again).suffix(4)
                == ["first secret from nio", "second secret from nio", "a secret from the shell", "a third secret from nio"],
                "\(again.standardOutput)")

        try expectNoLeaks(in: shell, of: ["secret from nio", "secret from the shell", homeserver.password])
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    /// The shell creates the encrypted room: its key reaches the invited peer over Olm, the peer's
    /// answer decrypts in the shell, and key exports go both ways: the shell's file opens the
    /// history on a new nio device, the peer's file on a new shell device.
    @Test func anEncryptedRoomTheShellCreatedWorksBothWaysAndKeyExportsGoBothWays() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try arguments(for: shell)
        let grace = peer(in: shell)
        let graceLater = peer(in: shell, named: "later-peer")
        try await loggingOut([grace, graceLater]) { try await shellCreates(with: grace, then: graceLater, shell: shell, base: base) }
    }

    private func shellCreates(with grace: NioCryptoPeer, then graceLater: NioCryptoPeer, shell: ShellProcess, base: [String]) async throws {
        let passphrase = "correct horse \(UUID().uuidString.prefix(6))"
        let passphraseFile = try shell.write(passphrase + "\n", to: "passphrase")
        let name = "Plans \(UUID().uuidString.prefix(6))"

        let created = try await shell.run(base + ["--output", "json", "-c", "/login test \(frank)", "-c", "/create \(name) --encrypted",
                                            "-c", "/wait sync", "-c", "/invite \(grace.userID)"], extraEnvironment: password)
        #expect(created.status == 0, "\(created)")
        let roomID = try #require(created.objects.first { $0["command"] as? String == "create" }?["room_id"] as? String)
        #expect(try await grace.join(roomID) == roomID)

        let sent = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)", "-c", "the plan from the shell",
                                         "-c", "/wait sent"])
        #expect(sent.status == 0, "\(sent)")
        #expect(try await grace.receives("the plan from the shell", in: roomID))
        try await grace.send(["an answer from nio"], to: roomID)
        let read = try await shell.run(base + ["--output", "json", "--passphrase-file", passphraseFile, "-c", "/wait sync", "-c", "/open \(name)",
                                         "-c", "/devices", "-c", "/keys export keys.txt", "-c", "/keys export keys.txt"])
        #expect(Self.bodies(of: "open", in: read).suffix(2) == ["the plan from the shell", "an answer from nio"], "\(read.standardOutput)")
        let devices = try #require(read.objects.first { $0["command"] as? String == "devices" }?["devices"] as? [[String: Any]])
        #expect(devices.contains { $0["current"] as? Bool == true && ($0["fingerprint"] as? String)?.count == 53 })
        let exports = read.objects.filter { $0["command"] as? String == "keys" }
        #expect(exports.first?["count"] as? Int == 2, "the shell's session and the peer's")
        #expect((exports.last?["error"] as? [String: Any])?["code"] as? String == "file_exists", "an export never overwrites unasked")
        let exportFile = shell.home.appending(path: "keys.txt").path
        #expect(try FileManager.default.attributesOfItem(atPath: exportFile)[.posixPermissions] as? Int == 0o600)

        // A new nio device has no key for what came before it, until it imports the shell's file.
        _ = try await graceLater.join(roomID)
        #expect(try await graceLater.messages(in: roomID).filter { $0.sender == frankID }.map(\.body) == [nil])
        try await graceLater.importKeys(from: exportFile, passphrase: passphrase)
        #expect(try await graceLater.messages(in: roomID).map(\.body) == ["the plan from the shell", "an answer from nio"])

        // A new shell device (another login) reads the history once it imports the peer's file.
        let peerFile = shell.home.appending(path: "peer-keys.txt").path
        try await grace.exportKeys(to: peerFile, passphrase: passphrase)
        let newDevice = ShellProcess()
        defer { newDevice.remove() }
        let fresh = try await newDevice.run(try arguments(for: newDevice) + [
            "--output", "json", "--passphrase-file", passphraseFile, "-c", "/login test \(frank)", "-c", "/wait sync",
            "-c", "/keys import \(peerFile)", "-c", "/open \(name)", "-c", "/logout!",
        ], extraEnvironment: password)
        #expect(fresh.status == 0, "\(fresh)")
        let imported = try #require(fresh.objects.first { $0["command"] as? String == "keys" })
        #expect(imported["imported"] as? Int == 2, "\(imported)")
        #expect(Self.bodies(of: "open", in: fresh).suffix(2) == ["the plan from the shell", "an answer from nio"], "\(fresh.standardOutput)")

        try expectNoLeaks(in: shell, of: ["the plan", "an answer from nio", passphrase, homeserver.password])
        try expectNoLeaks(in: newDevice, of: ["the plan", "an answer from nio", passphrase, homeserver.password])
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    /// Files in an encrypted room are encrypted attachments both ways: nio's opens in the shell
    /// with the keys its message carried, and the shell's upload is ciphertext on the server that
    /// nio decrypts with the keys the shell's message carried. Each step is a run of its own.
    @Test func filesInAnEncryptedRoomAreEncryptedAttachmentsBothWays() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try arguments(for: shell)
        let grace = peer(in: shell)
        try await loggingOut([grace]) { try await exchangeFiles(with: grace, shell: shell, base: base) }
    }

    private func exchangeFiles(with grace: NioCryptoPeer, shell: ShellProcess, base: [String]) async throws {
        let name = "Files \(UUID().uuidString.prefix(6))"
        let roomID = try await grace.createRoom(named: name, inviting: frankID)
        let joined = try await shell.run(base + ["-c", "/login test \(frank)", "-c", "/join \(roomID)", "-c", "/wait sync"],
                                         extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")
        #expect(try await grace.seesJoined(frankID, in: roomID))

        let theirs = try shell.write("the secret file from nio \(UUID().uuidString)\n", to: "from-nio.txt")
        let key = try #require(try await grace.sendFile(theirs, mimeType: "text/plain", to: roomID), "sent encrypted")
        let saved = shell.home.appending(path: "saved.txt").path
        let fetched = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)", "-c", "/download ^ \(saved)"])
        #expect(fetched.status == 0, "\(fetched)")
        let opened = fetched.objects.last { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]]
        #expect((opened?.last?["media"] as? [String: Any])?["encrypted"] as? Bool == true, "\(fetched.standardOutput)")
        #expect(FileManager.default.contents(atPath: saved) == FileManager.default.contents(atPath: theirs), "the same bytes, decrypted")

        let ours = try shell.write("the secret file from the shell \(UUID().uuidString)\n", to: "from-shell.txt")
        let uploaded = try await shell.run(base + ["-c", "/open \(name)", "-c", "/upload \(ours)", "-c", "/wait sent"])
        #expect(uploaded.status == 0, "\(uploaded)")
        let copy = shell.home.appending(path: "nio-copy.txt").path
        #expect(try await grace.fetchFile(named: "from-shell.txt", in: roomID, to: copy), "sent as an encrypted attachment")
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: ours))

        try expectNoLeaks(in: shell, of: ["secret file from", key, homeserver.password])
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    /// The shell's device is deleted from another client: the next sync signs it out without
    /// deleting anything, and a new login (a new device) opens the same store and still reads the
    /// encrypted history with the room keys its predecessor received.
    @Test func aDeviceDeletedElsewhereIsSignedOutAndTheNextLoginResumesItsStore() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try arguments(for: shell)
        let grace = peer(in: shell)
        try await loggingOut([grace]) {
            let name = "Kept \(UUID().uuidString.prefix(6))"
            let roomID = try await grace.createRoom(named: name, inviting: frankID)
            let joined = try await shell.run(base + ["--output", "json", "-c", "/login test \(frank)", "-c", "/join \(roomID)",
                                                     "-c", "/wait sync"], extraEnvironment: password)
            let deviceID = try #require(joined.objects.first { $0["command"] as? String == "login" }?["device_id"] as? String,
                                        "\(joined.standardOutput)")
            try await grace.send(["kept through the sign-out"], to: roomID)
            let read = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)"])
            #expect(Self.bodies(of: "open", in: read).last == "kept through the sign-out", "\(read.standardOutput)")

            try await NioPeer(homeserver: homeserver, user: frank).deleteDevice(deviceID)
            let signedOut = try await shell.run(base + ["--output", "json", "-c", "/wait sync --timeout 20", "-c", "/open \(name)"])
            #expect(signedOut.objects.contains { $0["type"] as? String == "session" && $0["event"] as? String == "ended" },
                    "\(signedOut.standardOutput)")
            let refused = signedOut.objects.last { $0["command"] as? String == "open" }
            #expect((refused?["error"] as? [String: Any])?["code"] as? String == "signed_out", "\(signedOut.standardOutput)")

            let again = try await shell.run(base + ["--output", "json", "-c", "/login test \(frank)", "-c", "/open \(name)"],
                                            extraEnvironment: password)
            #expect(again.status == 0, "\(again)")
            let newDevice = again.objects.first { $0["command"] as? String == "login" }?["device_id"] as? String
            #expect(newDevice != nil && newDevice != deviceID, "a new device")
            #expect(Self.bodies(of: "open", in: again).last == "kept through the sign-out", "the same store, still decrypted")
            try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
        }
    }

    /// Runs `body`, then logs the peers' devices out whatever happened, so later tests' keys do not go to them.
    func loggingOut(_ peers: [NioCryptoPeer], _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            for peer in peers { try? await peer.logOut() }
            throw error
        }
        for peer in peers { try? await peer.logOut() }
    }

    /// The log at level trace holds neither message text nor secrets.
    func expectNoLeaks(in shell: ShellProcess, of secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let log = try shell.testerLog()
        #expect(log.contains("shared room key") || log.contains("room key stored"), "the log is at a level that shows crypto work",
                sourceLocation: sourceLocation)
        try LogLeaks.expectNone(of: secrets, in: log, sourceLocation: sourceLocation)
    }
}
