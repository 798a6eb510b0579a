import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What the encryption commands print, in both languages, and their JSON.
@Suite struct EncryptionTextTests {
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))
    let fingerprint = Fingerprint("l5tiZbjb1E3aLVdbRf7cSmL0X8s4mQ52CQLXSD6mwSY")

    func lines(_ outcome: Outcome, in language: String) -> [String] {
        L10n.$languageOverride.withValue(language) { renderer.lines(for: outcome) }
    }

    @Test func fingerprintsComeInBlocksOfFourAndMatchHoweverSpaced() {
        #expect(fingerprint.grouped == "l5ti Zbjb 1E3a LVdb Rf7c SmL0 X8s4 mQ52 CQLX SD6m wSY")
        #expect(fingerprint.matches("l5ti Zbjb 1E3a LVdb Rf7c SmL0 X8s4 mQ52 CQLX SD6m wSY"))
        #expect(fingerprint.matches(" l5tiZbjb1E3aLVdb Rf7cSmL0X8s4mQ52CQLXSD6mwSY "))
        #expect(!fingerprint.matches("L5TI ZBJB 1E3A LVDB RF7C SML0 X8S4 MQ52 CQLX SD6M WSY"), "base64 is case-sensitive")
        #expect(!fingerprint.matches("l5ti Zbjb"))
    }

    @Test(arguments: ["en", "de"])
    func devicesShowIDNameFingerprintAndTrust(language: String) {
        let devices = Outcome.encryption(.devices(userID: "@alice:hs", [
            DeviceEntry(deviceID: "SHELL", displayName: "element-shell: host", fingerprint: fingerprint, isVerified: false, isCurrent: true),
            DeviceEntry(deviceID: "PHONE", displayName: nil, fingerprint: fingerprint, isVerified: true, isCurrent: false),
        ]))
        let expected = [
            "en": ["Devices of @alice:hs:",
                   "  SHELL  element-shell: host  l5ti Zbjb 1E3a LVdb Rf7c SmL0 X8s4 mQ52 CQLX SD6m wSY  this device, not verified",
                   "  PHONE                       l5ti Zbjb 1E3a LVdb Rf7c SmL0 X8s4 mQ52 CQLX SD6m wSY  verified"],
            "de": ["Geräte von @alice:hs:",
                   "  SHELL  element-shell: host  l5ti Zbjb 1E3a LVdb Rf7c SmL0 X8s4 mQ52 CQLX SD6m wSY  dieses Gerät, nicht verifiziert",
                   "  PHONE                       l5ti Zbjb 1E3a LVdb Rf7c SmL0 X8s4 mQ52 CQLX SD6m wSY  verifiziert"],
        ]
        #expect(lines(devices, in: language) == expected[language])
    }

    @Test func resultsInEnglishAndGerman() {
        let outcomes: [Outcome] = [
            .encryption(.devices(userID: "@bob:hs", [])),
            .encryption(.verified(userID: "@bob:hs", deviceID: "PHONE", isVerified: true)),
            .encryption(.verified(userID: "@bob:hs", deviceID: "PHONE", isVerified: false)),
            .encryption(.keysExported(path: "keys.txt", count: 12)),
            .encryption(.keysImported(path: "keys.txt", imported: 3, total: 12)),
            .encryption(.roomEncrypted(roomName: "Lobby")),
        ]
        #expect(lines(.encryption(.keysExported(path: "k.txt", count: 1)), in: "en") == ["Exported 1 room key to k.txt."], "one is no plural")
        #expect(lines(.encryption(.keysImported(path: "k.txt", imported: 1, total: 1)), in: "de") == ["1 von 1 Raumschlüssel aus k.txt importiert."])
        #expect(outcomes.flatMap { lines($0, in: "en") } == [
            "No devices of @bob:hs are known.", "Device PHONE of @bob:hs is verified.", "Device PHONE of @bob:hs is no longer verified.",
            "Exported 12 room keys to keys.txt.", "Imported 3 of 12 room keys from keys.txt.", "Messages in Lobby are encrypted from now on.",
        ])
        #expect(outcomes.flatMap { lines($0, in: "de") } == [
            "Von @bob:hs sind keine Geräte bekannt.", "Gerät PHONE von @bob:hs ist verifiziert.", "Gerät PHONE von @bob:hs ist nicht mehr verifiziert.",
            "12 Raumschlüssel nach keys.txt exportiert.", "3 von 12 Raumschlüsseln aus keys.txt importiert.",
            "Nachrichten in Lobby werden ab jetzt verschlüsselt.",
        ])
    }

    @Test func everyErrorHasWordsInBothLanguagesAndItsOwnCode() {
        let errors: [EncryptionError] = [
            .unknownDevice(userID: "@bob:hs", deviceID: "PHONE"), .fingerprintMismatch(userID: "@bob:hs", deviceID: "PHONE"),
            .passphraseUnavailable, .passphraseFileUnreadable(path: "pass.txt"), .emptyPassphrase, .passphrasesDiffer,
            .wrongPassphrase(path: "keys.txt"), .notAKeyExport(path: "notes.txt"), .fileExists(path: "keys.txt"),
            .alreadyEncrypted(roomName: "Lobby"), .notPermitted(required: 100, own: 0),
        ]
        for language in ["en", "de"] {
            let messages = L10n.$languageOverride.withValue(language) { errors.map { ErrorMessages.message(for: ShellError.encryption($0)) } }
            #expect(Set(messages).count == errors.count, "\(language)")
            #expect(!messages.contains { $0.isEmpty || $0.contains("%") }, "\(language)")
        }
        #expect(L10n.$languageOverride.withValue("en") { ErrorMessages.message(for: .encryption(.fingerprintMismatch(userID: "@bob:hs", deviceID: "PHONE"))) }
            == "That is not the fingerprint of device PHONE of @bob:hs: nothing was changed. Compare again with the device itself.")
        #expect(L10n.$languageOverride.withValue("de") { ErrorMessages.message(for: .encryption(.wrongPassphrase(path: "keys.txt"))) }
            == "Falsche Passphrase für keys.txt (oder die Datei wurde verändert).")
        let codes = errors.map { ErrorCodes.code(for: ShellError.encryption($0)) }
        #expect(Set(codes).count == codes.count)
    }

    @Test func jsonNamesKeysAndCounts() {
        let report = Report(content: .result(command: "devices", outcome: .encryption(.devices(userID: "@bob:hs", [
            DeviceEntry(deviceID: "PHONE", displayName: nil, fingerprint: fingerprint, isVerified: true, isCurrent: false),
        ]))), location: nil)
        #expect(JSONRenderer.object(for: report) == [
            "type": "result", "command": "devices", "ok": .bool(true), "user_id": "@bob:hs",
            "devices": [["device_id": "PHONE", "display_name": .null, "ed25519": .string(fingerprint.key), "fingerprint": .string(fingerprint.grouped),
                         "verified": .bool(true), "current": .bool(false)]],
        ])
        let imported = Report(content: .result(command: "keys", outcome: .encryption(.keysImported(path: "k.txt", imported: 3, total: 12))), location: nil)
        #expect(JSONRenderer.object(for: imported) == ["type": "result", "command": "keys", "ok": .bool(true), "path": "k.txt", "imported": 3, "total": 12])
        let failed = Report(content: .result(command: "keys", outcome: .failure(.encryption(.passphrasesDiffer))), location: nil)
        guard case .object(let fields) = JSONRenderer.object(for: failed), case .object(let error)? = fields["error"] else { Issue.record("no error"); return }
        #expect(error["code"] == "passphrases_differ")
    }
}
