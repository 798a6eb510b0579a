import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Cross-signing keys: what makes an identity, what it has signed, and the private keys.
@Suite struct CrossSigningTests {
    private let alice = "@alice:example.org"
    private let bob = "@bob:example.org"

    private func identity(_ secrets: CrossSigningSecrets, userID: String) throws -> CrossSigningIdentity {
        let keys = secrets.publicKeys(userID: userID)
        return try CrossSigningIdentity(
            master: CrossSigningPublicKey(json: keys.master), selfSigning: CrossSigningPublicKey(json: keys.selfSigning),
            userSigning: CrossSigningPublicKey(json: keys.userSigning))
    }

    private func device(_ account: OlmAccount, userID: String, deviceID: String) throws -> JSONValue {
        try account.signed([
            "user_id": .string(userID), "device_id": .string(deviceID), "algorithms": ["m.megolm.v1.aes-sha2"],
            "keys": ["ed25519:\(deviceID)": .string(account.ed25519Key.base64), "curve25519:\(deviceID)": .string(account.curve25519Key.base64)],
        ], userID: userID, deviceID: deviceID)
    }

    private func changing(_ value: JSONValue, _ change: (inout [String: JSONValue]) -> Void) -> JSONValue {
        guard case .object(var members) = value else { return value }
        change(&members)
        return .object(members)
    }

    @Test func publishedKeysFormAnIdentityTheSecretsMatch() throws {
        let secrets = CrossSigningSecrets()
        let identity = try identity(secrets, userID: alice)
        #expect(identity.userID == alice)
        #expect(identity.master.usages == [.master] && identity.master.key == secrets.masterKey.publicKey)
        #expect(identity.selfSigning?.usages == [.selfSigning] && identity.userSigning?.usages == [.userSigning])
        #expect(secrets.matches(identity))
        #expect(!CrossSigningSecrets().matches(identity))
        #expect(!secrets.matches(try CrossSigningIdentity(master: identity.master)))
        let keysQuery: JSONValue = [
            "master_keys": [alice: identity.master.json], "self_signing_keys": [alice: identity.selfSigning!.json],
        ]
        let read = try #require(try CrossSigningIdentity(keysQuery: keysQuery, userID: alice))
        #expect(read.master == identity.master && read.selfSigning == identity.selfSigning && read.userSigning == nil)
    }

    @Test func devicesAreSignedByTheSelfSigningKey() throws {
        let secrets = CrossSigningSecrets()
        let identity = try identity(secrets, userID: alice)
        let account = OlmAccount()
        let unsigned = try device(account, userID: alice, deviceID: "DEV")
        #expect(!identity.hasSigned(deviceKeys: unsigned, userID: alice, deviceID: "DEV"))
        let signed = try secrets.signingDevice(unsigned, userID: alice)
        #expect(identity.hasSigned(deviceKeys: signed, userID: alice, deviceID: "DEV"))
        #expect(signed.isSigned(by: account.ed25519Key, userID: alice, deviceID: "DEV"))
        // `unsigned` is outside the signature; any signed member is not.
        #expect(identity.hasSigned(deviceKeys: changing(signed) { $0["unsigned"] = ["device_display_name": "laptop"] }, userID: alice, deviceID: "DEV"))
        let tampered = changing(signed) { $0["keys"] = ["ed25519:DEV": .string(OlmAccount().ed25519Key.base64)] }
        #expect(!identity.hasSigned(deviceKeys: tampered, userID: alice, deviceID: "DEV"))
        #expect(!(try CrossSigningIdentity(master: identity.master)).hasSigned(deviceKeys: signed, userID: alice, deviceID: "DEV"))
        #expect(throws: MatrixCryptoError.mismatchedUserID) {
            try secrets.signingDevice(device(account, userID: bob, deviceID: "DEV"), userID: alice)
        }
    }

    @Test func anotherUsersMasterKeyIsSignedByTheUserSigningKey() throws {
        let aliceSecrets = CrossSigningSecrets(), bobSecrets = CrossSigningSecrets()
        let aliceIdentity = try identity(aliceSecrets, userID: alice)
        let bobIdentity = try identity(bobSecrets, userID: bob)
        #expect(!aliceIdentity.hasSigned(masterKey: bobIdentity.master))
        let signed = try CrossSigningPublicKey(json: aliceSecrets.signingIdentity(bobIdentity.master.json, userID: alice))
        #expect(aliceIdentity.hasSigned(masterKey: signed))
        #expect(!bobIdentity.hasSigned(masterKey: signed))
        // Bob sees Alice's identity without her user-signing key, as servers show it to others.
        #expect(!(try CrossSigningIdentity(master: aliceIdentity.master)).hasSigned(masterKey: signed))
        let tampered = try CrossSigningPublicKey(json: changing(signed.json) { $0["user_id"] = "@eve:example.org" })
        #expect(!aliceIdentity.hasSigned(masterKey: tampered))
        #expect(throws: MatrixCryptoError.wrongKeyUsage) {
            try aliceSecrets.signingIdentity(bobIdentity.selfSigning!.json, userID: alice)
        }
    }

    @Test func devicesMaySignTheMasterKey() throws {
        let account = OlmAccount()
        let master = try CrossSigningPublicKey(
            json: account.signed(CrossSigningSecrets().publicKeys(userID: alice).master, userID: alice, deviceID: "DEV"))
        #expect(master.isSigned(by: account.ed25519Key, userID: alice, deviceID: "DEV"))
        #expect(!master.isSigned(by: account.ed25519Key, userID: alice))
    }

    @Test func subkeysMustBeSignedByTheMaster() throws {
        let keys = CrossSigningSecrets().publicKeys(userID: alice)
        let master = try CrossSigningPublicKey(json: keys.master)
        let otherKeys = CrossSigningSecrets().publicKeys(userID: alice)
        #expect(throws: MatrixCryptoError.badSignature) {
            try CrossSigningIdentity(master: master, selfSigning: CrossSigningPublicKey(json: otherKeys.selfSigning))
        }
        #expect(throws: MatrixCryptoError.badSignature) {
            try CrossSigningIdentity(master: master, userSigning: CrossSigningPublicKey(json: otherKeys.userSigning))
        }
        let unsigned = changing(keys.selfSigning) { $0["signatures"] = nil }
        #expect(throws: MatrixCryptoError.badSignature) {
            try CrossSigningIdentity(master: master, selfSigning: CrossSigningPublicKey(json: unsigned))
        }
        let tampered = changing(keys.selfSigning) { $0["extra"] = "added after signing" }
        #expect(throws: MatrixCryptoError.badSignature) {
            try CrossSigningIdentity(master: master, selfSigning: CrossSigningPublicKey(json: tampered))
        }
    }

    @Test func usagesAndUsersMustFit() throws {
        let keys = CrossSigningSecrets().publicKeys(userID: alice)
        let master = try CrossSigningPublicKey(json: keys.master)
        let selfSigning = try CrossSigningPublicKey(json: keys.selfSigning)
        let userSigning = try CrossSigningPublicKey(json: keys.userSigning)
        #expect(throws: MatrixCryptoError.wrongKeyUsage) { try CrossSigningIdentity(master: selfSigning) }
        #expect(throws: MatrixCryptoError.wrongKeyUsage) { try CrossSigningIdentity(master: master, selfSigning: userSigning) }
        #expect(throws: MatrixCryptoError.wrongKeyUsage) { try CrossSigningIdentity(master: master, userSigning: selfSigning) }
        let twoUsages = try CrossSigningPublicKey(json: changing(keys.master) { $0["usage"] = ["master", "self_signing"] })
        #expect(twoUsages.usages == [.master, .selfSigning])
        #expect(throws: MatrixCryptoError.wrongKeyUsage) { try CrossSigningIdentity(master: twoUsages) }

        // Bob's self-signing key, signed by Alice's master key, is still not Alice's.
        let secrets = CrossSigningSecrets()
        let bobsKey = try CrossSigningSecrets().publicKeys(userID: bob).selfSigning.signed(by: secrets.masterKey, userID: alice)
        #expect(throws: MatrixCryptoError.mismatchedUserID) {
            try CrossSigningIdentity(
                master: CrossSigningPublicKey(json: secrets.publicKeys(userID: alice).master),
                selfSigning: CrossSigningPublicKey(json: bobsKey))
        }
        #expect(throws: MatrixCryptoError.mismatchedUserID) {
            try CrossSigningIdentity(keysQuery: ["master_keys": [bob: keys.master]], userID: bob)
        }
    }

    @Test func keysMustHaveOneEd25519KeyNamedByItself() throws {
        let json = CrossSigningSecrets().publicKeys(userID: alice).master
        let key = try CrossSigningPublicKey(json: json).key.base64
        let other = Ed25519SigningKey().publicKey.base64
        let malformed: [JSONValue] = [
            changing(json) { $0["keys"] = ["ed25519:\(key)": .string(key), "ed25519:\(other)": .string(other)] },
            changing(json) { $0["keys"] = [:] },
            changing(json) { $0["keys"] = ["ed25519:\(other)": .string(key)] },
            changing(json) { $0["keys"] = ["curve25519:\(key)": .string(key)] },
            changing(json) { $0["keys"] = ["ed25519:\(key)=": .string(key + "=")] },
            changing(json) { $0["usage"] = [] },
            changing(json) { $0["usage"] = ["master", "everything"] },
            changing(json) { $0["user_id"] = nil },
        ]
        for value in malformed {
            #expect(throws: MatrixCryptoError.self) { try CrossSigningPublicKey(json: value) }
        }
        #expect(throws: MatrixCryptoError.notAnObject) { try CrossSigningPublicKey(json: [json]) }
    }

    @Test func secretsRoundTripThroughTheirSeeds() throws {
        let secrets = CrossSigningSecrets()
        let read = try CrossSigningSecrets(master: secrets.masterSeed, selfSigning: secrets.selfSigningSeed, userSigning: secrets.userSigningSeed)
        #expect(read.matches(try identity(secrets, userID: alice)))
        #expect(!secrets.masterSeed.hasSuffix("=") && secrets.masterSeed.count == 43)
        let padded = try CrossSigningSecrets(
            master: secrets.masterSeed + "=", selfSigning: secrets.selfSigningSeed + "=", userSigning: secrets.userSigningSeed + "=")
        #expect(padded.masterKey.publicKey == secrets.masterKey.publicKey)
        #expect(throws: MatrixCryptoError.invalidBase64) {
            try CrossSigningSecrets(master: "!!", selfSigning: secrets.selfSigningSeed, userSigning: secrets.userSigningSeed)
        }
        #expect(throws: MatrixCryptoError.malformed("Ed25519 private key")) {
            try CrossSigningSecrets(master: secrets.masterSeed, selfSigning: Data(count: 31).unpaddedBase64, userSigning: secrets.userSigningSeed)
        }
    }

    @Test func descriptionsShowOnlyPublicKeys() throws {
        let secrets = CrossSigningSecrets()
        for text in [secrets.description, "\(secrets)", String(reflecting: secrets)] {
            for seed in [secrets.masterSeed, secrets.selfSigningSeed, secrets.userSigningSeed] { #expect(!text.contains(seed)) }
            #expect(text.contains(secrets.masterKey.publicKey.base64))
        }
        let key = try CrossSigningPublicKey(json: secrets.publicKeys(userID: alice).selfSigning)
        #expect(key.description == "CrossSigningPublicKey(\(alice), self_signing, \(secrets.selfSigningKey.publicKey.base64))")
    }
}
