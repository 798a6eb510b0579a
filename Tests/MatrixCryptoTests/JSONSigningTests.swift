import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

@Suite struct JSONSigningTests {
    private let device: JSONValue = [
        "user_id": "@alice:localhost", "device_id": "DEV", "algorithms": ["m.megolm.v1.aes-sha2"],
        "unsigned": ["device_display_name": "laptop"],
    ]

    @Test func signatureSurvivesChangesToUnsignedAndOtherSignatures() throws {
        let key = Ed25519SigningKey()
        var signed = try device.signed(by: key, entity: "@alice:localhost", keyID: "DEV")
        #expect(signed.hasValidSignature(by: key.publicKey, entity: "@alice:localhost", keyID: "DEV"))
        // A second signature and a new `unsigned` are outside what the first one covers.
        signed = try signed.signed(by: Ed25519SigningKey(), entity: "@alice:localhost", keyID: "OTHER")
        guard case .object(var members) = signed else { Issue.record("not an object"); return }
        members["unsigned"] = ["age": 5]
        #expect(JSONValue.object(members).hasValidSignature(by: key.publicKey, entity: "@alice:localhost", keyID: "DEV"))
    }

    @Test func signatureFailsForChangedContentWrongKeyOrMissingEntry() throws {
        let key = Ed25519SigningKey()
        let signed = try device.signed(by: key, entity: "@alice:localhost", keyID: "DEV")
        guard case .object(var members) = signed else { Issue.record("not an object"); return }
        members["device_id"] = "EVE"
        #expect(!JSONValue.object(members).hasValidSignature(by: key.publicKey, entity: "@alice:localhost", keyID: "DEV"))
        #expect(!signed.hasValidSignature(by: Ed25519SigningKey().publicKey, entity: "@alice:localhost", keyID: "DEV"))
        #expect(!signed.hasValidSignature(by: key.publicKey, entity: "@bob:localhost", keyID: "DEV"))
    }

    @Test func signingPayloadLeavesOutSignaturesAndUnsigned() throws {
        let payload = String(decoding: try device.signingPayload(), as: UTF8.self)
        #expect(payload == #"{"algorithms":["m.megolm.v1.aes-sha2"],"device_id":"DEV","user_id":"@alice:localhost"}"#)
        #expect(throws: MatrixCryptoError.notAnObject) { try JSONValue.array([]).signingPayload() }
    }

    @Test func keyDescriptionShowsOnlyThePublicKey() {
        let key = Ed25519SigningKey()
        #expect(key.description == "Ed25519SigningKey(public: \(key.publicKey.base64))")
    }
}
