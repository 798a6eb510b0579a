import Foundation
import MatrixCrypto
import MatrixJSON
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/devices`, `/verify`, `/unverify`, `/keys` and `/encrypt` through AppState, with crypto
/// machines talking through `MemoryKeysServer`.
@MainActor
@Suite struct AppStateEncryptionTests {
    /// Fewer PBKDF2 rounds than Element's, so an export takes moments.
    static let fewRounds = Tuning(keyExportRounds: 1_000)

    typealias Messaging = AppStateMessagingTests

    let server = MemoryKeysServer()
    let directory = TemporaryDirectory()

    /// A device outside the harness, on its own store, its keys published.
    nonisolated func standalone(_ userID: String, _ deviceID: String) async throws -> CryptoMachine {
        let store = try StoreWriter(url: directory.url.appending(path: "\(userID)-\(deviceID)/store.sqlite"))
        let machine = try await CryptoMachine(userID: userID, deviceID: deviceID, store: store,
                                              keys: server.service(userID: userID, deviceID: deviceID), cipher: PickleCipher(key: Data(repeating: 7, count: 32)))
        try await machine.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
        return machine
    }

    /// Logged in as `@alice:example` (device `DEVICE`) with the Lobby synced, and a crypto machine
    /// of its own on the harness's store, unless `crypto` brings another.
    func loggedIn(sync: SyncResponse = Messaging.lobby, rooms: FakeRoomService = FakeRoomService(), confirm: Bool? = nil,
                  passphrase: @escaping @Sendable (PassphraseRequest) -> PasswordAnswer = { _ in .password("correct horse") },
                  crypto: (@Sendable (Session, StoreWriter) async -> CryptoMachine?)? = nil) async throws -> AppHarness {
        let server = server
        let ownMachine: @Sendable (Session, StoreWriter) async -> CryptoMachine? = { session, store in
            try? await CryptoMachine(userID: session.userID, deviceID: session.deviceID, store: store,
                                     keys: server.service(userID: session.userID, deviceID: session.deviceID),
                                     cipher: PickleCipher(key: Data(repeating: 9, count: 32)))
        }
        let app = AppHarness(passphrase: passphrase, confirm: confirm, sync: Messaging.firstSync(sync), roomService: rooms,
                             crypto: crypto ?? ownMachine, tuning: Self.fewRounds)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    var exportPath: String { directory.url.appending(path: "keys.txt").path }

    // MARK: Devices

    @Test func devicesShowsOwnDeviceMarkedAndOthersWithGroupedFingerprints() async throws {
        let bob = try await standalone("@bob:hs", "PHONE")
        let app = try await loggedIn()

        #expect(await app.state.run(line: "/devices"))
        guard case .encryption(.devices("@alice:example", let own))? = app.log.outcomes.last else { Issue.record("no devices"); return }
        #expect(own.filter(\.isCurrent).map(\.deviceID) == ["DEVICE"])

        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/devices Bob"), "a member of the open room by name")
        let fingerprint = Fingerprint(await bob.identityKeys.ed25519)
        #expect(app.log.outcomes.last == .encryption(.devices(userID: "@bob:hs", [
            DeviceEntry(deviceID: "PHONE", displayName: nil, fingerprint: fingerprint, isVerified: false, isCurrent: false),
        ])))
        let text = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: app.log.reports.last!)
        #expect(text.first == "Devices of @bob:hs:")
        #expect(text.last?.contains(fingerprint.grouped) == true && text.last?.contains("not verified") == true)
        #expect(fingerprint.grouped.components(separatedBy: " ").dropLast().allSatisfy { $0.count == 4 })

        #expect(!(await app.state.run(line: "/devices nobody")))
        #expect(app.log.failures == [.unknownUser("nobody")])
    }

    @Test func verifyingChecksTheFingerprintAndKnowsTheDevice() async throws {
        let bob = try await standalone("@bob:hs", "PHONE")
        let key = await bob.identityKeys.ed25519
        let app = try await loggedIn()

        // One character off; the key is random, so which one differs from its first is chosen.
        let wrong = (key.first == "A" ? "B" : "A") + key.dropFirst()
        #expect(!(await app.state.run(line: "/verify @bob:hs PHONE \(Fingerprint(wrong).grouped)")))
        #expect(!(await app.state.run(line: "/verify @bob:hs LAPTOP \(Fingerprint(key).grouped)")))
        #expect(app.log.failures == [.encryption(.fingerprintMismatch(userID: "@bob:hs", deviceID: "PHONE")),
                                     .encryption(.unknownDevice(userID: "@bob:hs", deviceID: "LAPTOP"))])
        await app.state.run(line: "/devices @bob:hs")
        guard case .encryption(.devices(_, let before))? = app.log.outcomes.last else { Issue.record("no devices"); return }
        #expect(before.map(\.isVerified) == [false], "a wrong fingerprint changes nothing")

        #expect(await app.state.run(line: "/verify @bob:hs PHONE \(Fingerprint(key).grouped)"), "spaces between the blocks are ignored")
        #expect(app.log.outcomes.last == .encryption(.verified(userID: "@bob:hs", deviceID: "PHONE", isVerified: true)))
        await app.state.run(line: "/devices @bob:hs")
        guard case .encryption(.devices(_, let after))? = app.log.outcomes.last else { Issue.record("no devices"); return }
        #expect(after.map(\.isVerified) == [true])
        #expect(app.state.deviceTrust.keys.verified.contains(await bob.identityKeys.curve25519), "marks change at once, not at the next sync")

        #expect(await app.state.run(line: "/unverify @bob:hs PHONE"))
        #expect(app.log.outcomes.last == .encryption(.verified(userID: "@bob:hs", deviceID: "PHONE", isVerified: false)))
        #expect(app.state.deviceTrust.keys.verified.isEmpty)
        #expect(!(await app.state.run(line: "/unverify @bob:hs LAPTOP")))
        #expect(app.log.failures.last == .encryption(.unknownDevice(userID: "@bob:hs", deviceID: "LAPTOP")))
    }

    @Test func encryptionCommandsNeedASessionAndItsCrypto() async throws {
        let lines = ["/devices", "/verify @bob:hs PHONE", "/unverify @bob:hs PHONE", "/keys export \(exportPath)", "/keys import \(exportPath)"]
        let loggedOut = AppHarness()
        for line in lines + ["/encrypt"] { #expect(!(await loggedOut.state.run(line: line)), "\(line)") }
        #expect(loggedOut.log.failures == Array(repeating: .notLoggedIn, count: 6))

        let withoutCrypto = try await loggedIn(crypto: { _, _ in nil })
        for line in lines { #expect(!(await withoutCrypto.state.run(line: line)), "\(line)") }
        #expect(withoutCrypto.log.failures == Array(repeating: .matrix(.encryptionRefused(.unavailable)), count: lines.count))
    }

    // MARK: Key export and import

    @Test func exportAsksTwiceAndWritesAPrivateFileItNeverOverwritesUnasked() async throws {
        let asked = Mutex<[PassphraseRequest]>([])
        let app = try await loggedIn(passphrase: { request in
            asked.withLock { $0.append(request) }
            return .password("correct horse")
        })

        #expect(await app.state.run(line: "/keys export \(exportPath)"))
        #expect(app.log.outcomes.last == .encryption(.keysExported(path: exportPath, count: 0)))
        let attributes = try FileManager.default.attributesOfItem(atPath: exportPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let file = try String(contentsOfFile: exportPath, encoding: .utf8)
        #expect(try RoomKeyExport.decrypt(file, passphrase: "correct horse") == Data("[]".utf8))
        #expect(asked.withLock { $0 } == [.export(path: exportPath, repeated: false), .export(path: exportPath, repeated: true)])

        #expect(!(await app.state.run(line: "/keys export \(exportPath)")))
        #expect(app.log.failures == [.encryption(.fileExists(path: exportPath))])
        #expect(asked.withLock { $0.count } == 2, "refused before anyone types a passphrase")
        #expect(try String(contentsOfFile: exportPath, encoding: .utf8) == file)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: exportPath)
        #expect(await app.state.run(line: "/keys! export \(exportPath)"))
        #expect(try String(contentsOfFile: exportPath, encoding: .utf8) != file, "a new salt and IV")
        let replaced = try FileManager.default.attributesOfItem(atPath: exportPath)
        #expect((replaced[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func exportRefusesPassphrasesThatDifferOrAreMissing() async throws {
        let path = exportPath
        let differing = try await loggedIn(passphrase: { request in
            .password(request == .export(path: path, repeated: true) ? "second" : "first")
        })
        #expect(!(await differing.state.run(line: "/keys export \(exportPath)")))
        #expect(differing.log.failures == [.encryption(.passphrasesDiffer)])
        #expect(!FileManager.default.fileExists(atPath: exportPath))

        let missing = try await loggedIn(passphrase: { _ in .missing })
        #expect(!(await missing.state.run(line: "/keys export \(exportPath)")))
        let unreadable = try await loggedIn(passphrase: { _ in .unreadableFile(path: "/nowhere") })
        #expect(!(await unreadable.state.run(line: "/keys export \(exportPath)")))
        let cancelled = try await loggedIn(passphrase: { _ in .cancelled })
        #expect(!(await cancelled.state.run(line: "/keys import \(exportPath)")))
        let empty = try await loggedIn(passphrase: { _ in .password("") })
        #expect(!(await empty.state.run(line: "/keys export \(exportPath)")))
        #expect(missing.log.failures + unreadable.log.failures + cancelled.log.failures + empty.log.failures == [
            .encryption(.passphraseUnavailable), .encryption(.passphraseFileUnreadable(path: "/nowhere")), .fileUnreadable(path: exportPath),
            .encryption(.emptyPassphrase),
        ])
    }

    @Test func importRefusesAWrongPassphraseAndFilesThatAreNoExport() async throws {
        try RoomKeyExport.encrypt(Data("[]".utf8), passphrase: "other", rounds: 1_000).write(toFile: exportPath, atomically: true, encoding: .utf8)
        let notExport = directory.url.appending(path: "notes.txt").path
        try "just notes".write(toFile: notExport, atomically: true, encoding: .utf8)
        let app = try await loggedIn()

        #expect(!(await app.state.run(line: "/keys import \(exportPath)")))
        #expect(!(await app.state.run(line: "/keys import \(notExport)")))
        #expect(!(await app.state.run(line: "/keys import \(directory.url.appending(path: "missing.txt").path)")))
        #expect(app.log.failures == [.encryption(.wrongPassphrase(path: exportPath)), .encryption(.notAKeyExport(path: notExport)),
                                     .fileUnreadable(path: directory.url.appending(path: "missing.txt").path)])
    }

    /// Bob writes to the Lobby while only Alice's old device is there; her new device (the
    /// harness) syncs the message unreadable, then reads it once the old device's keys are
    /// exported with `/keys export` and imported with `/keys import`.
    @Test func keysExportedOnOneDeviceMakeAnOldMessageReadableOnAnother() async throws {
        let old = try await standalone("@alice:example", "OLD")
        let bob = try await standalone("@bob:hs", "PHONE")
        await server.setMembers(["@alice:example", "@bob:hs"], of: "!lobby:hs")
        let content = try await bob.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": "the plan"],
                                            roomID: "!lobby:hs", settings: RoomEncryption())
        var keys = SyncResponse(nextBatch: "k")
        keys.encryption.toDeviceEvents = await server.takeInbox(of: DeviceAddress(userID: "@alice:example", deviceID: "OLD"))
        _ = await old.receive(keys)

        let oldDevice = try await loggedIn(crypto: { _, _ in old })
        #expect(await oldDevice.state.run(line: "/keys export \(exportPath)"))
        #expect(oldDevice.log.outcomes.last == .encryption(.keysExported(path: exportPath, count: 1)))

        var lobby = Messaging.lobby
        lobby.rooms.joined["!lobby:hs"]?.timeline.events.append(
            SyncEvent(type: "m.room.encrypted", eventID: "$plan", sender: "@bob:hs", originServerTS: 2_000,
                      content: content))
        let newDevice = try await loggedIn(sync: lobby)
        await newDevice.state.run(line: "/open Lobby")
        guard case .room(.opened(_, let shown, _, _))? = newDevice.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(shown.last?.body == "", "no key yet")

        let syncs = newDevice.state.appliedSyncCount
        #expect(await newDevice.state.run(line: "/keys import \(exportPath)"))
        #expect(newDevice.log.outcomes.last == .encryption(.keysImported(path: exportPath, imported: 1, total: 1)))
        #expect(newDevice.state.appliedSyncCount == syncs, "an import re-renders through its own event, not as a sync")
        let changed = newDevice.log.reports.compactMap { if case .messageChanged(let view) = $0.content { view } else { nil } }
        #expect(changed.map(\.body) == ["the plan"], "shown again, now readable")

        #expect(await newDevice.state.run(line: "/keys import \(exportPath)"))
        #expect(newDevice.log.outcomes.last == .encryption(.keysImported(path: exportPath, imported: 0, total: 1)), "nothing better than what is here")
    }

    // MARK: Encrypting a room

    @Test func encryptAsksFirstThenTurnsEncryptionOn() async throws {
        let turnedOn = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.encrypt = { settings, roomID throws(MatrixError) in
            #expect(settings.algorithm == "m.megolm.v1.aes-sha2")
            await turnedOn.append(roomID)
        }
        let declined = try await loggedIn(rooms: rooms, confirm: false)
        #expect(!(await declined.state.run(line: "/encrypt")))
        #expect(declined.log.failures == [.noRoomOpen])
        await declined.state.run(line: "/open Lobby")
        #expect(!(await declined.state.run(line: "/encrypt")))
        #expect(declined.log.failures.last == .cancelled)
        let batch = try await loggedIn(rooms: rooms, confirm: nil)
        await batch.state.run(line: "/open Lobby")
        #expect(!(await batch.state.run(line: "/encrypt")))
        #expect(batch.log.failures == [.confirmationRequired(command: "encrypt")])
        #expect(await turnedOn.values.isEmpty)

        let agreed = try await loggedIn(rooms: rooms, confirm: true)
        await agreed.state.run(line: "/open Lobby")
        #expect(await agreed.state.run(line: "/encrypt"))
        #expect(agreed.log.outcomes.last == .encryption(.roomEncrypted(roomName: "Lobby")))
        #expect(await batch.state.run(line: "/encrypt!"))
        #expect(await turnedOn.values == ["!lobby:hs", "!lobby:hs"])
    }

    @Test func encryptRefusesEncryptedRoomsAndTooLowPowerLevels() async throws {
        var encrypted = Messaging.lobby
        encrypted.rooms.joined["!lobby:hs"]?.state.append(
            SyncEvent(type: "m.room.encryption", sender: "@bob:hs", stateKey: "", content: ["algorithm": "m.megolm.v1.aes-sha2"]))
        let already = try await loggedIn(sync: encrypted, confirm: true)
        await already.state.run(line: "/open Lobby")
        #expect(!(await already.state.run(line: "/encrypt!")))
        #expect(already.log.failures == [.encryption(.alreadyEncrypted(roomName: "Lobby"))])

        var rooms = FakeRoomService()
        rooms.levels = { _ throws(MatrixError) in
            PowerLevels(content: ["users": ["@bob:hs": 100], "events": ["m.room.encryption": 100]],
                        create: ["sender": "@bob:hs", "content": ["room_version": "10"]])
        }
        rooms.encrypt = { _, _ throws(MatrixError) in Issue.record("asked the server anyway") }
        let member = try await loggedIn(rooms: rooms, confirm: true)
        await member.state.run(line: "/open Lobby")
        #expect(!(await member.state.run(line: "/encrypt")))
        #expect(member.log.failures == [.encryption(.notPermitted(required: 100, own: 0))])
        let text = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: member.log.reports.last!)
        #expect(text == ["Error: /encrypt needs power level 100 in this room; yours is 0."])
    }
}
