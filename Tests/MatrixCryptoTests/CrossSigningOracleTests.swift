import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Cross-signing against Synapse's signedjson (`Peers/cross_signing_oracle.py`), both ways;
/// needs the dev venv (Scripts/test).
@Suite(.enabled(if: PythonOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct CrossSigningOracleTests {
    private let oracle = PythonOracle(script: "cross_signing_oracle.py")
    private let alice = "@alice:example.org"
    private let bob = "@bob:example.org"

    private func foundation(_ value: JSONValue) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: .fragmentsAllowed)
    }

    private func json(_ value: Any?) throws -> JSONValue {
        let value = try #require(value)
        return try JSONDecoder().decode(JSONValue.self, from: JSONSerialization.data(withJSONObject: value))
    }

    private func signedjsonVerifies(_ object: JSONValue, userID: String, keyID: String, key: Ed25519PublicKey) async throws -> Bool {
        let answer = try await oracle.call([
            "command": "verify", "object": foundation(object), "user_id": userID, "key_id": "ed25519:\(keyID)",
            "public_key": key.base64,
        ])
        return try #require(answer["valid"] as? Bool)
    }

    @Test func signedjsonVerifiesEverySignatureSwiftMakes() async throws {
        let secrets = CrossSigningSecrets()
        let master = secrets.masterKey.publicKey
        let keys = secrets.publicKeys(userID: alice)
        #expect(try await signedjsonVerifies(keys.selfSigning, userID: alice, keyID: master.base64, key: master))
        #expect(try await signedjsonVerifies(keys.userSigning, userID: alice, keyID: master.base64, key: master))

        let account = OlmAccount()
        let device: JSONValue = [
            "user_id": .string(alice), "device_id": "DEV", "algorithms": ["m.megolm.v1.aes-sha2"],
            "keys": ["ed25519:DEV": .string(account.ed25519Key.base64)], "unsigned": ["device_display_name": "é"],
        ]
        let signedDevice = try secrets.signingDevice(device, userID: alice)
        let selfSigning = secrets.selfSigningKey.publicKey
        #expect(try await signedjsonVerifies(signedDevice, userID: alice, keyID: selfSigning.base64, key: selfSigning))

        let bobMaster = CrossSigningSecrets().publicKeys(userID: bob).master
        let userSigning = secrets.userSigningKey.publicKey
        let signedBob = try secrets.signingIdentity(bobMaster, userID: alice)
        #expect(try await signedjsonVerifies(signedBob, userID: alice, keyID: userSigning.base64, key: userSigning))

        let masterByDevice = try account.signed(keys.master, userID: alice, deviceID: "DEV")
        #expect(try await signedjsonVerifies(masterByDevice, userID: alice, keyID: "DEV", key: account.ed25519Key))

        let authData = try BackupAuthData(publicKey: BackupDecryptionKey().publicKey).signed(by: secrets.masterKey, userID: alice)
        #expect(try await signedjsonVerifies(authData.json, userID: alice, keyID: master.base64, key: master))

        // And signedjson refuses what was changed after signing.
        guard case .object(var members) = signedDevice else { Issue.record("not an object"); return }
        members["device_id"] = "OTHER"
        #expect(try await !signedjsonVerifies(.object(members), userID: alice, keyID: selfSigning.base64, key: selfSigning))
    }

    /// A user whose keys signedjson made, as /keys/query shows them.
    @Test func swiftReadsAnIdentitySignedjsonMade() async throws {
        let answer = try await oracle.call(["command": "identity", "user_id": bob, "device_id": "BOBDEV"])
        let keysQuery = try json(answer["keys_query"])
        let identity = try #require(try CrossSigningIdentity(keysQuery: keysQuery, userID: bob))
        #expect(identity.selfSigning != nil && identity.userSigning != nil)
        let device = try #require(keysQuery["device_keys"]?[bob]?["BOBDEV"])
        #expect(identity.hasSigned(deviceKeys: device, userID: bob, deviceID: "BOBDEV"))
        let deviceKey = try Ed25519PublicKey(base64: try #require(answer["device_key"] as? String))
        #expect(device.isSigned(by: deviceKey, userID: bob, deviceID: "BOBDEV"))
        #expect(identity.master.isSigned(by: deviceKey, userID: bob, deviceID: "BOBDEV"))

        let seeds = try #require(answer["seeds"] as? [String: String])
        let secrets = try CrossSigningSecrets(
            master: try #require(seeds["master"]), selfSigning: try #require(seeds["self_signing"]),
            userSigning: try #require(seeds["user_signing"]))
        #expect(secrets.matches(identity))
        // Deterministic Ed25519: the same seeds sign the same keys to the byte.
        let keys = secrets.publicKeys(userID: bob)
        #expect(keys.master == (identity.master.json.object?.filter { $0.key != "signatures" }).map(JSONValue.object))
        #expect(keys.selfSigning == identity.selfSigning?.json)
        #expect(keys.userSigning == identity.userSigning?.json)
    }

    /// Bob (signedjson) verifies Alice: his user-signing key signs her master key.
    @Test func swiftSeesAUserSigningSignatureSignedjsonMade() async throws {
        let bobKeys = try await oracle.call(["command": "identity", "user_id": bob, "device_id": "BOBDEV"])
        let bobIdentity = try #require(try CrossSigningIdentity(keysQuery: json(bobKeys["keys_query"]), userID: bob))
        let seeds = try #require(bobKeys["seeds"] as? [String: String])
        let aliceMaster = CrossSigningSecrets().publicKeys(userID: alice).master
        #expect(!bobIdentity.hasSigned(masterKey: try CrossSigningPublicKey(json: aliceMaster)))
        let answer = try await oracle.call([
            "command": "sign", "object": foundation(aliceMaster), "user_id": bob, "seed": try #require(seeds["user_signing"]),
        ])
        let signed = try CrossSigningPublicKey(json: json(answer["object"]))
        #expect(bobIdentity.hasSigned(masterKey: signed))
        let byMaster = try await oracle.call([
            "command": "sign", "object": foundation(aliceMaster), "user_id": bob, "seed": try #require(seeds["master"]),
        ])
        #expect(!bobIdentity.hasSigned(masterKey: try CrossSigningPublicKey(json: json(byMaster["object"]))))
    }
}
