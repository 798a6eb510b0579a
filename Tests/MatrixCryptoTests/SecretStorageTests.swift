import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

@Suite struct SecretStorageTests {
    /// matrix-rust-sdk, crates/matrix-sdk/tests/integration/encryption/secret_storage.rs
    /// (`SECRET_STORE_KEY`, test `test_secret_store_opening`); the description is also in
    /// crates/matrix-sdk-crypto/src/secret_storage.rs, test `from_account_data_and_base58`.
    /// Element-style padded base64.
    private let rustRecoveryKey = "EsTj 3yST y93F SLpB jJsz eAXc 2XzA ygD3 w69H fGaN TKBj jXEd"
    private let rustDescription: JSONValue = [
        "algorithm": "m.secret_storage.v1.aes-hmac-sha2",
        "iv": "xv5b6/p3ExEw++wTyfSHEg==",
        "mac": "ujBBbXahnTAMkmPUX2/0+VTfUh63pGyVRuBcDMgmJC8=",
    ]
    /// `m.cross_signing.master` in `test_secret_store_opening`, which decrypts it to
    /// "VcY1+LNyV6aSMne8mvi4lc/q+JiCHe+m6+hKLtgLP30=".
    private let rustMasterKey: JSONValue = [
        "ciphertext": "lCRSSA1lChONEXj/8RyogsgAa8ouQwYDnLr4XBCheRikrZykLRzPCx3doCE=",
        "iv": "bdfCwu+ECYgZ/jWTkGrQ/A==",
        "mac": "NXeV1dZaOe2JLvQ6Hh6tFto7AgFFdaQnY0l9pruwdtE=",
    ]

    @Test func recoveryKeyUnlocksMatrixRustSDKDescription() throws {
        let description = try SecretStorageKeyDescription(json: rustDescription)
        #expect(description.algorithm == SecretStorageKeyDescription.aesHmacSha2)
        #expect(description.name == nil && description.passphrase == nil)
        #expect(description.isUnlocked(by: try SecretStorageKey(recoveryKey: rustRecoveryKey)))
        #expect(!description.isUnlocked(by: SecretStorageKey()))
    }

    @Test func decryptsMatrixRustSDKSecret() throws {
        let key = try SecretStorageKey(recoveryKey: rustRecoveryKey)
        let secret = try EncryptedSecret(json: rustMasterKey)
        #expect(try secret.decrypted(named: "m.cross_signing.master", with: key) == "VcY1+LNyV6aSMne8mvi4lc/q+JiCHe+m6+hKLtgLP30=")
        // The name is bound in: the same ciphertext under another name does not authenticate.
        #expect(throws: SecretStorageError.badMAC) { try secret.decrypted(named: "m.cross_signing.self_signing", with: key) }
        #expect(throws: SecretStorageError.badMAC) { try secret.decrypted(named: "m.cross_signing.master", with: SecretStorageKey()) }
    }

    /// matrix-rust-sdk, crates/matrix-sdk-crypto/src/secret_storage.rs, test
    /// `from_account_data_and_passphrase`: unpadded base64, 10 iterations.
    @Test func passphraseUnlocksMatrixRustSDKDescription() throws {
        let description = try SecretStorageKeyDescription(json: [
            "algorithm": "m.secret_storage.v1.aes-hmac-sha2",
            "iv": "gH2iNpiETFhApvW6/FFEJQ",
            "mac": "9Lw12m5SKDipNghdQXKjgpfdj1/K7HFI2brO+UWAGoM",
            "passphrase": ["algorithm": "m.pbkdf2", "salt": "IuLnH7S85YtZmkkBJKwNUKxWF42g9O1H", "iterations": 10],
        ])
        let passphrase = try #require(description.passphrase)
        #expect(passphrase == SecretStoragePassphrase(salt: "IuLnH7S85YtZmkkBJKwNUKxWF42g9O1H", iterations: 10, bitCount: 256))
        #expect(description.isUnlocked(by: try passphrase.key(fromPassphrase: "It's a secret to everybody")))
        // The same test's sibling `invalid_key` expects a wrong passphrase to fail the check.
        #expect(!description.isUnlocked(by: try passphrase.key(fromPassphrase: "It's a secret to nobody")))
    }

    /// matrix-rust-sdk, crates/matrix-sdk/tests/integration/encryption.rs,
    /// `mock_secret_store_with_backup_key` (used by `test_enable_from_secret_storage` in
    /// encryption/backups.rs with the passphrase "mypassphrase"): one iteration, `"name": null`,
    /// and the backup key `BACKUP_DECRYPTION_KEY_BASE64` stored as `m.megolm_backup.v1`.
    @Test func passphraseDecryptsMatrixRustSDKBackupKey() throws {
        let description = try SecretStorageKeyDescription(json: [
            "algorithm": "m.secret_storage.v1.aes-hmac-sha2",
            "iv": "1Sl4os6UhNRkVQcT6ArQ0g",
            "mac": "UCZlTzqVT7mNvLkwlcCJmuq9nA27oxqpXGdLr9SxD/Y",
            "name": nil,
            "passphrase": ["algorithm": "m.pbkdf2", "iterations": 1, "salt": "ooLiz7Kz0TeWH2eYcyjP2fCegEB7PH5B"],
        ])
        #expect(description.name == nil)
        let key = try #require(description.passphrase).key(fromPassphrase: "mypassphrase")
        #expect(description.isUnlocked(by: key))
        let backupKey = try EncryptedSecret(json: [
            "ciphertext": "c39B25f6GSvW7gCUZI1OC0V821Ht2WUfxPWB43rvFSsubouHf16ImqLrwQ",
            "iv": "hpyoGAElX8YRuigbqa7tfA",
            "mac": "nE/RCVmFQxu+KuqxmYDDzIxf2JUlxz2oTpoJTj5pUxM",
        ])
        #expect(try backupKey.decrypted(named: "m.megolm_backup.v1", with: key) == "IeJv45zHC4AamrFtCi3MedkLMBZYXjPbKUnv53Iqzho")
    }

    @Test func secretsRoundTripThroughJSON() throws {
        let key = SecretStorageKey()
        for secret in ["", "VcY1+LNyV6aSMne8mvi4lc/q+JiCHe+m6+hKLtgLP30", "pässphrase 🔑", String(repeating: "x", count: 5000)] {
            let encrypted = EncryptedSecret.encrypting(secret, named: "m.cross_signing.master", with: key)
            #expect(encrypted.iv.count == 16 && encrypted.iv[8] & 0x80 == 0, "bit 63 of the IV")
            #expect(encrypted.mac.count == 32 && encrypted.ciphertext.count == secret.utf8.count)
            let read = try EncryptedSecret(json: encrypted.json)
            #expect(read == encrypted)
            #expect(try read.decrypted(named: "m.cross_signing.master", with: key) == secret)
        }
    }

    @Test func writesUnpaddedBase64() throws {
        let encrypted = EncryptedSecret.encrypting("secret", named: "m.megolm_backup.v1", with: SecretStorageKey())
        let description = SecretStorageKeyDescription.describing(SecretStorageKey())
        for json in [encrypted.json, description.json] {
            for member in ["iv", "mac", "ciphertext"] {
                if let text = json[member]?.string { #expect(!text.contains("="), "\(member)") }
            }
        }
    }

    @Test func freshIVEachTime() {
        let key = SecretStorageKey()
        let first = EncryptedSecret.encrypting("same", named: "n", with: key)
        let second = EncryptedSecret.encrypting("same", named: "n", with: key)
        #expect(first.iv != second.iv && first.ciphertext != second.ciphertext)
    }

    @Test func tamperedSecretsAreRefused() throws {
        let key = try SecretStorageKey(recoveryKey: rustRecoveryKey)
        let name = "m.cross_signing.master"
        let encrypted = EncryptedSecret.encrypting("a secret", named: name, with: key)
        let json = encrypted.json
        for (member, original) in [("ciphertext", encrypted.ciphertext), ("mac", encrypted.mac)] {
            var bytes = original
            bytes[bytes.count - 1] ^= 0x01
            let tampered = try EncryptedSecret(json: replacing(member, in: json, with: bytes))
            #expect(throws: SecretStorageError.badMAC, "\(member)") { try tampered.decrypted(named: name, with: key) }
        }
        for mac in [Data(), Data(count: 32), encrypted.mac.prefix(16)] {
            let forged = try EncryptedSecret(json: replacing("mac", in: json, with: mac))
            #expect(throws: SecretStorageError.badMAC) { try forged.decrypted(named: name, with: key) }
        }
        let longer = try EncryptedSecret(json: replacing("ciphertext", in: json, with: Data("a secret!".utf8)))
        #expect(throws: SecretStorageError.badMAC) { try longer.decrypted(named: name, with: key) }
    }

    @Test func malformedSecretsAreRefused() throws {
        let json = EncryptedSecret.encrypting("a secret", named: "n", with: SecretStorageKey()).json
        for member in ["iv", "ciphertext", "mac"] {
            guard case .object(var members) = json else { Issue.record("not an object"); return }
            members[member] = nil
            #expect(throws: SecretStorageError.malformed(member)) { try EncryptedSecret(json: .object(members)) }
            members[member] = "not*base64"
            #expect(throws: SecretStorageError.malformed(member)) { try EncryptedSecret(json: .object(members)) }
            members[member] = 5
            #expect(throws: SecretStorageError.malformed(member)) { try EncryptedSecret(json: .object(members)) }
        }
        #expect(throws: SecretStorageError.malformed("iv")) {
            try EncryptedSecret(json: replacing("iv", in: json, with: Data(count: 12)))
        }
        #expect(throws: SecretStorageError.malformed("iv")) { try EncryptedSecret(json: "a string") }
    }

    @Test func describedKeysUnlockOnlyWithTheirKey() throws {
        let key = SecretStorageKey()
        let description = SecretStorageKeyDescription.describing(key, name: "Recovery key")
        #expect(description.iv?.count == 16 && description.iv![8] & 0x80 == 0)
        #expect(description.mac?.count == 32)
        #expect(description.isUnlocked(by: key))
        #expect(!description.isUnlocked(by: SecretStorageKey()))
        let read = try SecretStorageKeyDescription(json: description.json)
        #expect(read == description)
        #expect(read.isUnlocked(by: try SecretStorageKey(recoveryKey: key.recoveryKey)))
        #expect(description.json["name"] == "Recovery key")
        #expect(SecretStorageKeyDescription.eventType(keyID: "abc") == "m.secret_storage.key.abc")
    }

    @Test func passphraseKeysRoundTrip() throws {
        let passphrase = SecretStoragePassphrase(iterations: 1000)
        #expect(passphrase.salt.count == 32 && passphrase.salt.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(passphrase.salt != SecretStoragePassphrase(iterations: 1000).salt)
        let key = try passphrase.key(fromPassphrase: "correct horse")
        let description = SecretStorageKeyDescription.describing(key, passphrase: passphrase)
        let json = description.json
        #expect(json["passphrase"] == ["algorithm": "m.pbkdf2", "salt": .string(passphrase.salt), "iterations": 1000, "bits": 256])
        let read = try SecretStorageKeyDescription(json: json)
        #expect(read.isUnlocked(by: try #require(read.passphrase).key(fromPassphrase: "correct horse")))
        #expect(!read.isUnlocked(by: try #require(read.passphrase).key(fromPassphrase: "correct horsf")))
        #expect(SecretStoragePassphrase().iterations == SecretStoragePassphrase.defaultIterations)
    }

    @Test func wrongKeysAndUnsupportedAlgorithmsDoNotUnlock() throws {
        let key = try SecretStorageKey(recoveryKey: rustRecoveryKey)
        guard case .object(var members) = rustDescription else { Issue.record("not an object"); return }
        members["algorithm"] = "m.secret_storage.v2.something"
        let other = try SecretStorageKeyDescription(json: .object(members))
        #expect(other.algorithm == "m.secret_storage.v2.something")
        #expect(!other.isUnlocked(by: key))
        members["algorithm"] = "m.secret_storage.v1.aes-hmac-sha2"
        members["mac"] = .string(Data(count: 32).unpaddedBase64)
        #expect(try !SecretStorageKeyDescription(json: .object(members)).isUnlocked(by: key))
        members["mac"] = .string(Data(count: 31).unpaddedBase64)
        #expect(try !SecretStorageKeyDescription(json: .object(members)).isUnlocked(by: key))
    }

    @Test func keyCheckNeedsAnIVOfSixteenBytes() throws {
        let key = try SecretStorageKey(recoveryKey: rustRecoveryKey)
        guard case .object(var members) = rustDescription else { Issue.record("not an object"); return }
        members["iv"] = nil
        #expect(try !SecretStorageKeyDescription(json: .object(members)).isUnlocked(by: key))
        members["iv"] = .string(Data(count: 14).unpaddedBase64)
        #expect(try !SecretStorageKeyDescription(json: .object(members)).isUnlocked(by: key))
    }

    /// The spec: without `iv` and `mac` "clients must assume that the key is valid"; as in
    /// matrix-rust-sdk's `accepts_any_passphrase_if_mac_and_iv_are_missing`.
    @Test func aDescriptionWithoutACheckTakesAnyKey() throws {
        let description = try SecretStorageKeyDescription(json: ["algorithm": "m.secret_storage.v1.aes-hmac-sha2"])
        #expect(description.iv == nil && description.mac == nil)
        #expect(description.isUnlocked(by: SecretStorageKey()))
    }

    @Test func malformedDescriptionsAreRefused() {
        #expect(throws: SecretStorageError.malformed("algorithm")) { try SecretStorageKeyDescription(json: [:]) }
        #expect(throws: SecretStorageError.malformed("algorithm")) { try SecretStorageKeyDescription(json: ["algorithm": 1]) }
        #expect(throws: SecretStorageError.malformed("name")) {
            try SecretStorageKeyDescription(json: ["algorithm": "m.secret_storage.v1.aes-hmac-sha2", "name": 1])
        }
        #expect(throws: SecretStorageError.malformed("mac")) {
            try SecretStorageKeyDescription(json: ["algorithm": "m.secret_storage.v1.aes-hmac-sha2", "mac": "%%"])
        }
    }

    @Test func passphrasesThisClientCannotUseReadAsNone() throws {
        for passphrase: JSONValue in [
            ["algorithm": "m.argon2", "salt": "s", "iterations": 10],
            ["algorithm": "m.pbkdf2", "iterations": 10],
            ["algorithm": "m.pbkdf2", "salt": "s"],
            ["algorithm": "m.pbkdf2", "salt": "s", "iterations": 10, "bits": "256"],
            "m.pbkdf2",
        ] {
            let description = try SecretStorageKeyDescription(
                json: ["algorithm": "m.secret_storage.v1.aes-hmac-sha2", "passphrase": passphrase])
            #expect(description.passphrase == nil, "\(passphrase)")
        }
        let explicit = try SecretStorageKeyDescription(json: [
            "algorithm": "m.secret_storage.v1.aes-hmac-sha2",
            "passphrase": ["algorithm": "m.pbkdf2", "salt": "s", "iterations": 10, "bits": 512],
        ])
        #expect(explicit.passphrase?.bitCount == 512)
        #expect(throws: SecretStorageError.unsupportedBitCount(512)) {
            try explicit.passphrase?.key(fromPassphrase: "p")
        }
    }

    @Test func derivationRefusesWhatItCannotDo() {
        #expect(throws: SecretStorageError.emptyPassphrase) {
            try SecretStorageKey.derived(fromPassphrase: "", salt: "s", iterations: 1)
        }
        for iterations in [0, -1, SecretStoragePassphrase.maximumIterations + 1, Int.max] {
            #expect(throws: SecretStorageError.invalidIterations(iterations)) {
                try SecretStorageKey.derived(fromPassphrase: "p", salt: "s", iterations: iterations)
            }
        }
        #expect(throws: SecretStorageError.unsupportedBitCount(128)) {
            try SecretStorageKey.derived(fromPassphrase: "p", salt: "s", iterations: 1, bitCount: 128)
        }
    }

    @Test func defaultKeyReadsAndWrites() throws {
        let keyID = "bmur2d9ypPUH1msSwCxQOJkuKRmJI55e"
        #expect(try SecretStorageDefaultKey(json: ["key": .string(keyID)]).keyID == keyID)
        #expect(SecretStorageDefaultKey(keyID: "k").json == ["key": "k"])
        #expect(SecretStorageDefaultKey.eventType == "m.secret_storage.default_key")
        #expect(throws: SecretStorageError.malformed("key")) { try SecretStorageDefaultKey(json: [:]) }
    }

    private func replacing(_ member: String, in json: JSONValue, with bytes: Data) -> JSONValue {
        guard case .object(var members) = json else { return json }
        members[member] = .string(bytes.unpaddedBase64)
        return .object(members)
    }
}
