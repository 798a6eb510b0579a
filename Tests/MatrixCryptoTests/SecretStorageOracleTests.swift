import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Secret storage against `Peers/secret_storage_oracle.py`, written from the spec with
/// `cryptography` and sharing no code with MatrixCrypto: each side reads what the other writes.
@Suite(.enabled(if: PythonOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct SecretStorageOracleTests {
    private let oracle = PythonOracle(script: "secret_storage_oracle.py")

    private func string(_ answer: [String: Any], _ key: String) throws -> String {
        try #require(answer[key] as? String, "\(answer)")
    }

    @Test func theOracleDecryptsOurSecrets() async throws {
        let key = SecretStorageKey()
        let secrets = [("m.cross_signing.master", "VcY1+LNyV6aSMne8mvi4lc/q+JiCHe+m6+hKLtgLP30"), ("", ""), ("n", "pässphrase 🔑")]
        for (name, secret) in secrets {
            let json = EncryptedSecret.encrypting(secret, named: name, with: key).json
            let answer = try await oracle.call([
                "command": "decrypt", "key": key.rawRepresentation.base64EncodedString(), "name": name,
                "iv": try #require(json["iv"]?.string), "ciphertext": try #require(json["ciphertext"]?.string),
                "mac": try #require(json["mac"]?.string),
            ])
            #expect(Data(base64Encoded: try string(answer, "plaintext")) == Data(secret.utf8))
        }
    }

    @Test func weDecryptTheOraclesPaddedSecrets() async throws {
        let key = SecretStorageKey()
        let secret = "IeJv45zHC4AamrFtCi3MedkLMBZYXjPbKUnv53Iqzho"
        let answer = try await oracle.call([
            "command": "encrypt", "key": key.rawRepresentation.base64EncodedString(), "name": "m.megolm_backup.v1",
            "plaintext": Data(secret.utf8).base64EncodedString(),
        ])
        let json: JSONValue = [
            "iv": .string(try string(answer, "iv")), "ciphertext": .string(try string(answer, "ciphertext")),
            "mac": .string(try string(answer, "mac")),
        ]
        #expect(json["iv"]?.string?.hasSuffix("==") == true, "the oracle writes padding, as Element does")
        #expect(try EncryptedSecret(json: json).decrypted(named: "m.megolm_backup.v1", with: key) == secret)
        #expect(throws: SecretStorageError.badMAC) {
            try EncryptedSecret(json: json).decrypted(named: "m.megolm_backup.v2", with: key)
        }
    }

    @Test func aSecretThatIsNotUTF8IsMalformed() async throws {
        let key = SecretStorageKey()
        let answer = try await oracle.call([
            "command": "encrypt", "key": key.rawRepresentation.base64EncodedString(), "name": "n",
            "plaintext": Data([0x61, 0xFF, 0xFE, 0x62]).base64EncodedString(),
        ])
        let secret = try EncryptedSecret(json: [
            "iv": .string(try string(answer, "iv")), "ciphertext": .string(try string(answer, "ciphertext")),
            "mac": .string(try string(answer, "mac")),
        ])
        #expect(throws: SecretStorageError.malformed("plaintext")) { try secret.decrypted(named: "n", with: key) }
    }

    @Test func keyChecksAgreeBothWays() async throws {
        let key = SecretStorageKey()
        let ours = SecretStorageKeyDescription.describing(key).json
        let checked = try await oracle.call([
            "command": "check_key", "key": key.rawRepresentation.base64EncodedString(),
            "iv": try #require(ours["iv"]?.string), "mac": try #require(ours["mac"]?.string),
        ])
        #expect(checked["matches"] as? Bool == true)

        let theirs = try await oracle.call([
            "command": "encrypt", "key": key.rawRepresentation.base64EncodedString(), "name": "",
            "plaintext": Data(count: 32).base64EncodedString(),
        ])
        let description = try SecretStorageKeyDescription(json: [
            "algorithm": "m.secret_storage.v1.aes-hmac-sha2", "iv": .string(try string(theirs, "iv")),
            "mac": .string(try string(theirs, "mac")),
        ])
        #expect(description.isUnlocked(by: key))
        #expect(!description.isUnlocked(by: SecretStorageKey()))
    }

    @Test func passphrasesDeriveTheSameKey() async throws {
        for (passphrase, salt) in [("correct horse", "IuLnH7S85YtZmkkBJKwNUKxWF42g9O1H"), ("pässphrase 🔑", "sält")] {
            let answer = try await oracle.call([
                "command": "derive", "passphrase": passphrase, "salt": salt, "iterations": 1000, "bits": 256,
            ])
            let key = try SecretStorageKey.derived(fromPassphrase: passphrase, salt: salt, iterations: 1000)
            #expect(key.rawRepresentation == Data(base64Encoded: try string(answer, "key")))
        }
    }

    @Test func recoveryKeysAgreeBothWays() async throws {
        for _ in 0..<10 {
            let key = SecretStorageKey()
            let encoded = try await oracle.call(["command": "recovery_key", "key": key.rawRepresentation.base64EncodedString()])
            #expect(try string(encoded, "recovery_key") == key.recoveryKey)
            let decoded = try await oracle.call(["command": "decode_recovery_key", "recovery_key": key.recoveryKey])
            #expect(Data(base64Encoded: try string(decoded, "key")) == key.rawRepresentation)
        }
    }
}
