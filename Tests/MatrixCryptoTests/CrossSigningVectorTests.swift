import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Cross-signing against keys and signatures other clients published.
@Suite struct CrossSigningVectorTests {
    /// matrix-js-sdk, spec/test-utils/crypto-test-data/index.ts (from generate-test-data.py,
    /// which signs with Python's `cryptography` and `canonicaljson`): SIGNED_CROSS_SIGNING_KEYS_DATA,
    /// the *_CROSS_SIGNING_PRIVATE_KEY_BASE64 seeds, SIGNED_TEST_DEVICE_DATA, and for Bob
    /// BOB_SIGNED_CROSS_SIGNING_KEYS_DATA and BOB_ALT_SIGNED_CROSS_SIGNING_KEYS_DATA.
    private enum JSSDK {
        static let alice = "@alice:localhost"
        static let master = "J+5An10v1vzZpAXTYFokD1/PEVccFnLC61EfRXit0UY"
        static let selfSigning = "aU2+2CyXQTCuDcmWW0EL2bhJ6PdjFW2LbAsbHqf02AY"
        static let userSigning = "g5TC/zjQXyZYuDLZv7a41z5fFVrXpYPypG//AFQj8hY"
        static let keysQuery: JSONValue = [
            "master_keys": [alice: key(master, usage: "master", signature: nil)],
            "self_signing_keys": [alice: key(selfSigning, usage: "self_signing", signature: "XfhYEhZmOs8BJdb3viatILBZ/bElsHXEW28V4tIaY5CxrBR0YOym3yZHWmRmypXessHZAKOhZn3yBMXzdajyCw")],
            "user_signing_keys": [alice: key(userSigning, usage: "user_signing", signature: "6AkD1XM2H0/ebgP9oBdMKNeft7uxsrb0XN1CsjjHgeZCvCTMmv3BHlLiT/Hzy4fe8H+S1tr484dcXN/PIdnfDA")],
        ]
        static let masterSeed = "ZG95b3VzcGVha3doYWFhYWFhYWFhYWFhYWFhYWFhbGU"
        static let selfSigningSeed = "c2VsZnNlbGZzZWxmc2VsZnNlbGZzZWxmc2VsZnNlbGY"
        static let userSigningSeed = "dXNlcnVzZXJ1c2VydXNlcnVzZXJ1c2VydXNlcnVzZXI"
        static let device: JSONValue = [
            "algorithms": ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"],
            "device_id": "test_device",
            "keys": [
                "curve25519:test_device": "F4uCNNlcbRvc7CfBz95ZGWBvY1ALniG1J8+6rhVoKS0",
                "ed25519:test_device": "YI/7vbGVLpGdYtuceQR8MSsKB/QjgfMXM1xqnn+0NWU",
            ],
            "user_id": "@alice:localhost",
            "signatures": [
                "@alice:localhost": [
                    "ed25519:test_device": "LmQC/yAUZJmkxZ+3L0nEwvtVWOzjqQqADWBhk+C47SPaFYHeV+E291mgXaSCJVeGltX+HC49Aw7nb6ga7sw0Aw",
                ],
            ],
        ]

        static let bob = "@bob:xyz"
        static let bobMaster: JSONValue = [
            "keys": ["ed25519:KKVOHOB2LsW7hFJwqyzXpA+vp7u5+gaMWUJvBS7mjuA": "KKVOHOB2LsW7hFJwqyzXpA+vp7u5+gaMWUJvBS7mjuA"],
            "user_id": "@bob:xyz", "usage": ["master"],
        ]
        /// Bob's self-signing key as his other master key (MCYxU7my…) signed it.
        static let bobSelfSigningByAltMaster: JSONValue = [
            "keys": ["ed25519:DaScI3WulBvDjf/d2vdyP5Cgjdypn1c/PSDX23MgN+A": "DaScI3WulBvDjf/d2vdyP5Cgjdypn1c/PSDX23MgN+A"],
            "user_id": "@bob:xyz", "usage": ["self_signing"],
            "signatures": ["@bob:xyz": [
                "ed25519:MCYxU7myKVkoQ55VYw/rXdg5cEupRfDdHmFPJUmR5+E": "eDZETBRUw9yW0WJnBZ7vxo12TW09Yb7/47qBPKZzPZzZEvs9M82dnAOtWUv00mcTdp2K9GpeFYDQJ6qLQgxaCA",
            ]],
        ]

        private static func key(_ key: String, usage: String, signature: String?) -> JSONValue {
            var object: [String: JSONValue] = ["keys": ["ed25519:\(key)": .string(key)], "user_id": .string(alice), "usage": [.string(usage)]]
            if let signature { object["signatures"] = [alice: ["ed25519:\(master)": .string(signature)]] }
            return .object(object)
        }
    }

    @Test func jsSDKIdentityIsConsistentAndItsSeedsAreItsKeys() throws {
        let identity = try #require(try CrossSigningIdentity(keysQuery: JSSDK.keysQuery, userID: JSSDK.alice))
        #expect(identity.userID == JSSDK.alice)
        #expect(identity.master.key.base64 == JSSDK.master)
        #expect(identity.selfSigning?.key.base64 == JSSDK.selfSigning)
        #expect(identity.userSigning?.key.base64 == JSSDK.userSigning)
        let secrets = try CrossSigningSecrets(
            master: JSSDK.masterSeed, selfSigning: JSSDK.selfSigningSeed, userSigning: JSSDK.userSigningSeed)
        #expect(secrets.matches(identity))
        #expect(secrets.masterSeed == JSSDK.masterSeed)
        #expect(try CrossSigningIdentity(keysQuery: JSSDK.keysQuery, userID: "@bob:xyz") == nil)
    }

    /// Ed25519 signatures are deterministic, so the keys signed here are the vector's bytes.
    @Test func jsSDKSeedsSignTheSameKeys() throws {
        let secrets = try CrossSigningSecrets(
            master: JSSDK.masterSeed, selfSigning: JSSDK.selfSigningSeed, userSigning: JSSDK.userSigningSeed)
        let keys = secrets.publicKeys(userID: JSSDK.alice)
        #expect(keys.master == JSSDK.keysQuery["master_keys"]?[JSSDK.alice])
        #expect(keys.selfSigning == JSSDK.keysQuery["self_signing_keys"]?[JSSDK.alice])
        #expect(keys.userSigning == JSSDK.keysQuery["user_signing_keys"]?[JSSDK.alice])
    }

    /// SIGNED_TEST_DEVICE_DATA is signed by the device alone until the self-signing key signs it.
    @Test func jsSDKDeviceIsTrustedOnceSelfSigned() throws {
        let identity = try #require(try CrossSigningIdentity(keysQuery: JSSDK.keysQuery, userID: JSSDK.alice))
        #expect(!identity.hasSigned(deviceKeys: JSSDK.device, userID: JSSDK.alice, deviceID: "test_device"))
        let secrets = try CrossSigningSecrets(
            master: JSSDK.masterSeed, selfSigning: JSSDK.selfSigningSeed, userSigning: JSSDK.userSigningSeed)
        let signed = try secrets.signingDevice(JSSDK.device, userID: JSSDK.alice)
        #expect(identity.hasSigned(deviceKeys: signed, userID: JSSDK.alice, deviceID: "test_device"))
        let deviceKey = try Ed25519PublicKey(base64: "YI/7vbGVLpGdYtuceQR8MSsKB/QjgfMXM1xqnn+0NWU")
        #expect(signed.isSigned(by: deviceKey, userID: JSSDK.alice, deviceID: "test_device"))
    }

    /// A self-signing key that Bob's other master key signed does not belong with this one.
    @Test func jsSDKSelfSigningKeyOfAnotherMasterIsRefused() throws {
        #expect(throws: MatrixCryptoError.badSignature) {
            try CrossSigningIdentity(
                master: CrossSigningPublicKey(json: JSSDK.bobMaster),
                selfSigning: CrossSigningPublicKey(json: JSSDK.bobSelfSigningByAltMaster))
        }
    }

    /// matrix-rust-sdk, testing/matrix-sdk-test/src/test_json/api_responses.rs,
    /// KEYS_QUERY_TWO_DEVICES_ONE_SIGNED: a server's /keys/query answer in which the
    /// self-signing key signed JERTCKWUWG but not AVXFQWJUQA, and JERTCKWUWG signed the master key.
    private enum RustSDK {
        static let user = "@web2:localhost:8482"
        static let response: JSONValue = [
            "master_keys": [user: [
                "user_id": .string(user), "usage": ["master"],
                "keys": ["ed25519:Ct4QR+aXrzW4iYIgH1B/56NkPEtSPoN+h2TGoQ0xxYI": "Ct4QR+aXrzW4iYIgH1B/56NkPEtSPoN+h2TGoQ0xxYI"],
                "signatures": [user: [
                    "ed25519:JERTCKWUWG": "H9hEsUJ+alB5XAboDzU4loVb+SZajC4tsQzGaeU/FHMFAnWeVarTMCR+NmPSGsZfvPrNz2WVS2G7FIH5yhJfBg",
                ]],
            ]],
            "self_signing_keys": [user: [
                "user_id": .string(user), "usage": ["self_signing"],
                "keys": ["ed25519:uXOM0Xlfts9SGysk/yNr0Vn9rgv1Ifh3R8oPhtic4BM": "uXOM0Xlfts9SGysk/yNr0Vn9rgv1Ifh3R8oPhtic4BM"],
                "signatures": [user: [
                    "ed25519:Ct4QR+aXrzW4iYIgH1B/56NkPEtSPoN+h2TGoQ0xxYI": "YbD6gTEwY078nllTxmlyea2VNvAElQ/ig7aPsyhA3h1gGwFvPdtyDbomjdIphUF/lXQ+Eyz4SzlUWeghr1b3BA",
                ]],
            ]],
            "user_signing_keys": [:],
        ]
        static let unsignedDevice: JSONValue = [
            "algorithms": ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"],
            "device_id": "AVXFQWJUQA",
            "keys": [
                "curve25519:AVXFQWJUQA": "LTpv2DGMhggPAXO02+7f68CNEp6A40F0Yl8B094Y8gc",
                "ed25519:AVXFQWJUQA": "loz5i40dP+azDtWvsD0L/xpnCjNkmrcvtXVXzCHX8Vw",
            ],
            "signatures": [user: [
                "ed25519:AVXFQWJUQA": "BmdzjXMwZaZ0ZK8T6h3pkTA+gZbD34Bzf8FNazBdAIE16fxVzrlSJkLfXnjdBqRO0Dlda5vKgGpqJazZP6obDw",
            ]],
            "user_id": .string(user),
        ]
        static let signedDeviceKey = "48f3WQAMGwYLBg5M5qUhqnEVA8yeibjZpPsShoWMFT8"
        static let signedDevice: JSONValue = [
            "algorithms": ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"],
            "device_id": "JERTCKWUWG",
            "keys": [
                "curve25519:JERTCKWUWG": "XJixbpnfIk+RqcK5T6moqVY9d9Q1veR8WjjSlNiQNT0",
                "ed25519:JERTCKWUWG": .string(signedDeviceKey),
            ],
            "signatures": [user: [
                "ed25519:JERTCKWUWG": "Wc67XYem4IKCpshcslQ6ketCE5otubpX+Bh01OB8ghLxl1d6exlZsgaRA57N8RJ0EMvbeTWCweHXXC/UeeQ4DQ",
                "ed25519:uXOM0Xlfts9SGysk/yNr0Vn9rgv1Ifh3R8oPhtic4BM": "dto9VPhhJbNw62j8NQyjnwukMd1NtYnDYSoUOzD5dABq1u2Kt/ZdthcTO42HyxG/3/hZdno8XPfJ47l1ZxuXBA",
            ]],
            "user_id": .string(user),
        ]
    }

    @Test func rustSDKServerAnswerTellsTheSelfSignedDeviceApart() throws {
        let identity = try #require(try CrossSigningIdentity(keysQuery: RustSDK.response, userID: RustSDK.user))
        #expect(identity.userSigning == nil)
        #expect(identity.hasSigned(deviceKeys: RustSDK.signedDevice, userID: RustSDK.user, deviceID: "JERTCKWUWG"))
        #expect(!identity.hasSigned(deviceKeys: RustSDK.unsignedDevice, userID: RustSDK.user, deviceID: "AVXFQWJUQA"))
        // The right signature, but filed as another device or user.
        #expect(!identity.hasSigned(deviceKeys: RustSDK.signedDevice, userID: RustSDK.user, deviceID: "AVXFQWJUQA"))
        #expect(!identity.hasSigned(deviceKeys: RustSDK.signedDevice, userID: "@web3:localhost:8482", deviceID: "JERTCKWUWG"))
        let deviceKey = try Ed25519PublicKey(base64: RustSDK.signedDeviceKey)
        #expect(identity.master.isSigned(by: deviceKey, userID: RustSDK.user, deviceID: "JERTCKWUWG"))
        #expect(!identity.master.isSigned(by: deviceKey, userID: RustSDK.user))
    }
}
