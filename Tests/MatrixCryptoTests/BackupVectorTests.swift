import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Key backup against data other clients published.
@Suite struct BackupVectorTests {
    /// matrix-js-sdk, spec/test-utils/crypto-test-data/index.ts (written by generate-test-data.py
    /// there, which encrypts by the spec's steps with the empty-string MAC):
    /// BACKUP_DECRYPTION_KEY_BASE64, CURVE25519_KEY_BACKUP_DATA, MEGOLM_SESSION_DATA,
    /// SIGNED_BACKUP_DATA, TEST_DEVICE_PUBLIC_ED25519_KEY_BASE64 and ENCRYPTED_EVENT.
    private enum JSSDK {
        /// Padded; RFC 7748 §6.1's Alice private key, whose public key is in SIGNED_BACKUP_DATA.
        static let backupKey = "dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo="
        static let otherBackupKey = "dh4fP2LITyJusgnb0dEq/SQK253WGObvLxXF5FEX6qc"
        static let backupPublicKey = "hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo"
        static let sessionData: JSONValue = [
            "ciphertext": "r6HRk2/Im2yJe5cLP8R81aVjFWjYWPHpw7TVxphiSK1cdIDZTTK57r6MfU+0i/mTPn+/PosT74OvYwCnehy2dyqqks+Ev+uBKw3TAo0HCv7W3Rmq9XtqxikG9ts7XtcjFEkx37+qRaXtikcu0+CmUf+I5X6KStwNXb+CPnN2CGgwpn8g5+xEgSjE904QFrte4s9ygfqymgszgF7kzNICYF5g2GTlss8pdu/GLnh52AKvtT6FcqE5LC74N07BDWUycMHMMMw43F7z5GhzEnoWOXlbz+M4eTGrCYuhvcmQGNbdgzYqEXPm1z4xFhVgs84kFCtNeUc+AHZWfC2zynZ++4tpmfCYYpYEfYwQNo9Ks7o+Mh2PtAo9/GIU4xAK/uG0vizEiNYt/1QAxwgrmDxjdRe5TH4pPUtLMktRDyZKeUHJmYZA7pcLtpVatXhXmVEQLFLDc/uusxaBxFXYkx7BQnNRoa1BE1yXRxud94s6vMsI/auhn95TG58Z0Rz9psRT4HzgDKeHf/uVbdfKR9O3gqxlB4mzZAyTCqHhUQERmGiISC2FeuKkAwVk/ZxXiFqSTUCizwXcczGbzEbC+pBJTi6jX5Pa2yI9cT5C8xaGGUzEaKdNWukcs73uvXoFl/5y0Y29PkfE8UlPWpN4kZn7hrcOllcqqV9ZMH+rBbGViIw0yZ6yQUciEJzO8Gk3yz36lIT30VhCgKXMu+kELEPTRSVXqEQkCXBcfNOhgl3LIso",
            "ephemeral": "q+P1WdRtEiPIEtNuuGrRcueZxUbLnSKdsuTAkxewXgU",
            "mac": "OibmACbORhI",
        ]
        static let sessionID = "ipdI6Zs/7DzFTEhiA2iGaMDfHkIYCleqXT6L+5e1/co"
        static let sessionKey = "AQAAAABXGO+Z9jlQJhIL6ByhXrv2BwCIxkhh7MXpKLsYmXkJcWrQlirmXmD79ga1zo+I4DCtEZzyGSpDWXBC6G7ez3H4gDMBam1RE3Jm5tc+oTlIri32UkYgSL0kBkcEnttqmIXBlK8tAfJo3cJnlh7F4ltEOAqrdME6dU0zXTkqXmURqYqXSOmbP+w8xUxIYgNohmjA3x5CGApXql0+i/uXtf3K"
        /// MEGOLM_SESSION_DATA, which the generator encrypted as canonical JSON.
        static let session: JSONValue = [
            "algorithm": "m.megolm.v1.aes-sha2",
            "room_id": "!room:id",
            "sender_key": "WimPd2udAU/1S/+YBpPbmr9L+0H5H+BnAVHSwDxlPGc",
            "session_id": .string(sessionID),
            "session_key": .string(sessionKey),
            "sender_claimed_keys": ["ed25519": "Bhbpt6hqMZlSH4sJV7xiEEEiPVeTWz4Vkujl1EMdIPI"],
            "forwarding_curve25519_key_chain": [],
            "m.shared_history": true,
        ]
        static let authData: JSONValue = [
            "public_key": "hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo",
            "signatures": [
                "@alice:localhost": [
                    "ed25519:test_device": "KDSNeumirTsd8piI0oVfv/wzg4J4HlEc7rs5XhODFcJ/YAcUdg65ajsZG+rLI0TQOSSGjorJqcrSiSB1HRSCAA",
                ],
            ],
        ]
        static let deviceKey = "YI/7vbGVLpGdYtuceQR8MSsKB/QjgfMXM1xqnn+0NWU"
        static let encryptedEvent = "AwgAEnAkBmciEAyhh1j6DCk29UXJ7kv/kvayUNfuNT0iAioLxcXjFXOZ5ho3jF1/wrytlt0Lb298uMM67OxdVMi+/mMfYpwlvi07P9cIH6CMSj8tyhYoWl0SrKY6tkPf5GWOlRSRRKbziXa96FHXvnA3V2FCAIGtAe3G4ei5RPbhkmKAFBLAen33/D6MjJVqU8Ojr5vTkgls5eyirarlVpsmnH06alDaxO8avrU0NL+Vsw26xvlUQgEMOnUJ"
    }

    @Test func jsSDKBackupDecryptsToItsSessionAndThatSessionReadsItsEvent() throws {
        let key = try BackupDecryptionKey(base64: JSSDK.backupKey)
        #expect(key.publicKey.base64 == JSSDK.backupPublicKey)
        let plaintext = try key.decrypt(EncryptedBackupSession(json: JSSDK.sessionData))
        #expect(plaintext == (try JSSDK.session.canonicalEncoding()))

        let roomKey = try ExportedRoomKey(backedUp: plaintext, roomID: "!room:id", sessionID: JSSDK.sessionID)
        #expect(roomKey == ExportedRoomKey(
            roomID: "!room:id", senderKey: "WimPd2udAU/1S/+YBpPbmr9L+0H5H+BnAVHSwDxlPGc", sessionID: JSSDK.sessionID,
            sessionKey: MegolmSessionKey(base64: JSSDK.sessionKey),
            senderClaimedKeys: ["ed25519": "Bhbpt6hqMZlSH4sJV7xiEEEiPVeTWz4Vkujl1EMdIPI"], sharesHistory: true),
                "the js-sdk's m.shared_history is read")
        let decrypted = try InboundGroupSession(exportedKey: roomKey.sessionKey).decrypt(JSSDK.encryptedEvent)
        #expect(decrypted.plaintext == Data(#"{"content":{"body":"Hello world","msgtype":"m.text"},"room_id":"!room:id","type":"m.room.message"}"#.utf8))
    }

    @Test func jsSDKBackupRefusesTheOtherKey() throws {
        let key = try BackupDecryptionKey(base64: JSSDK.otherBackupKey)
        #expect(throws: MatrixCryptoError.badMAC) { try key.decrypt(EncryptedBackupSession(json: JSSDK.sessionData)) }
    }

    @Test func jsSDKAuthDataIsSignedByItsDevice() throws {
        let authData = try BackupAuthData(json: JSSDK.authData)
        let device = try Ed25519PublicKey(base64: JSSDK.deviceKey)
        #expect(authData.publicKey == (try BackupDecryptionKey(base64: JSSDK.backupKey)).publicKey)
        #expect(authData.isSigned(by: device, userID: "@alice:localhost", deviceID: "test_device"))
        #expect(!authData.isSigned(by: device, userID: "@alice:localhost", deviceID: "other_device"))
        #expect(!authData.isSigned(by: device, userID: "@alice:localhost"))
        #expect(!authData.isSigned(by: Ed25519SigningKey().publicKey, userID: "@alice:localhost", deviceID: "test_device"))
    }

    /// matrix-rust-sdk, crates/matrix-sdk-crypto/src/backups/keys/decryption.rs, test
    /// `test_decrypt_key` (libolm's empty-string MAC). That test only checks the plaintext is a
    /// room key; the fields expected here are what vodozemac decrypts it to.
    @Test func rustSDKBackupDecrypts() throws {
        let key = try BackupDecryptionKey(base64: "Ha9cklU/9NqFo9WKdVfGzmqUL/9wlkdxfEitbSIPVXw")
        let session = try EncryptedBackupSession(json: [
            "ephemeral": "HlLi76oV6wxHz3PCqE/bxJi6yF1HnYz5Dq3T+d/KpRw",
            "ciphertext": "MuM8E3Yc6TSAvhVGb77rQ++jE6p9dRepx63/3YPD2wACKAppkZHeFrnTH6wJ/HSyrmzo7HfwqVl6tKNpfooSTHqUf6x1LHz+h4B/Id5ITO1WYt16AaI40LOnZqTkJZCfSPuE2oxalwEHnCS3biWybutcnrBFPR3LMtaeHvvkb+k3ny9l5ZpsU9G7vCm3XoeYkWfLekWXvDhbqWrylXD0+CNUuaQJ/S527TzLd4XKctqVjjO/cCH7q+9utt9WJAfK8LGaWT/mZ3AeWjf5kiqOpKKf5Cn4n5SSil5p/pvGYmjnURvZSEeQIzHgvunIBEPtzK/MYEPOXe/P5achNGlCx+5N19Ftyp9TFaTFlTWCTi0mpD7ePfCNISrwpozAz9HZc0OhA8+1aSc7rhYFIeAYXFU326NuFIFHI5pvpSxjzPQlOA+mavIKmiRAtjlLw11IVKTxgrdT4N8lXeMr4ndCSmvIkAzFMo1uZA4fzjiAdQJE4/2WeXFNNpvdfoYmX8Zl9CAYjpSO5HvpwkAbk4/iLEH3hDfCVUwDfMh05PdGLnxeRpiEFWSMSsJNp+OWAA+5JsF41BoRGrxoXXT+VKqlUDONd+O296Psu8Q+d8/S618",
            "mac": "GtMrurhDTwo",
        ])
        let sessionKey = MegolmSessionKey(base64: "AQAAAABwCEYsl5BrvPW0N8HTYP11phC7LOzItQLS3Zen6j1j9qMydUHVDeuMLxwo5i3GYfLWGjJEjsCj0Q99TZMABnJBCFg9MheV8cNSBfj7mHSZr6NP8aUAAAOhsY+cJwPDHxcnU181nAEs0fovHnonZGXs6iB/K6sKfuRWUNvX50ORohgDT3TGl0gQFed1FQEtn2Q1qT35iTRfe81SGOnFJrOM")
        let sessionID = try InboundGroupSession(exportedKey: sessionKey).sessionID
        let roomKey = try ExportedRoomKey(backedUp: key.decrypt(session), roomID: "!room:example.org", sessionID: sessionID)
        #expect(roomKey.sessionKey == sessionKey)
        #expect(roomKey.senderKey == "wREG/hBdSspoqM9xPCEXd/4YwjpBFXlsobRkyDTo/Q8")
        #expect(roomKey.senderClaimedKeys == ["ed25519": "MnNLGwn4j9ArCvtgU6o1jG8TgJaEXQpDTxz7QU0h7GM"])
        #expect(roomKey.forwardingCurve25519KeyChain.isEmpty)
    }
}
