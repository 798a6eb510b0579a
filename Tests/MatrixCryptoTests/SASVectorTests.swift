import Foundation
import MatrixJSON
import Testing

@testable import MatrixCrypto

/// SAS verification against numbers other implementations published; each test names its source.
@Suite struct SASVectorTests {
    /// RFC 7748 section 6.1's X25519 key pairs, which libolm's tests/test_sas.cpp ("SAS generate
    /// bytes", "SAS calculate MAC") and python-olm's tests/sas_test.py use as Alice and Bob.
    enum RFC7748 {
        static let alicePrivate = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
        static let alicePublic = "hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo"
        static let bobPrivate = hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
        static let bobPublic = "3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08"

        static func hex(_ text: String) -> Data {
            Data(stride(from: 0, to: text.count, by: 2).map { offset in
                let start = text.index(text.startIndex, offsetBy: offset)
                return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16)!
            })
        }
    }

    /// The users and devices of vodozemac's src/sas.rs tests (ALICE_MXID, ALICE_DEVICE_ID, BOB_MXID,
    /// BOB_DEVICE_ID, and the flow ID of calculate_mac_vodozemac_vodozemac).
    static let alice = SASParty(userID: "@alice:example.com", deviceID: "AAAAAAAAAA")
    static let bob = SASParty(userID: "@bob:example.com", deviceID: "BBBBBBBBBB")
    static let transactionID = "$1234567890"

    static func established() throws -> (alice: EstablishedSAS, bob: EstablishedSAS) {
        let alice = try SASKeyAgreement(rawPrivateKey: RFC7748.alicePrivate)
        let bob = try SASKeyAgreement(rawPrivateKey: RFC7748.bobPrivate)
        return (try alice.establish(with: bob.publicKey), try bob.establish(with: alice.publicKey))
    }

    /// libolm tests/test_sas.cpp: each private key gives the public key the test expects, and
    /// "SAS generate bytes" has both sides derive the same 6 bytes for the info "SAS".
    @Test func fixedKeysGiveLibolmsPublicKeysAndTheSameBytes() throws {
        #expect(try SASKeyAgreement(rawPrivateKey: RFC7748.alicePrivate).publicKey == RFC7748.alicePublic)
        #expect(try SASKeyAgreement(rawPrivateKey: RFC7748.bobPrivate).publicKey == RFC7748.bobPublic)
        let (alice, bob) = try Self.established()
        #expect(alice.bytes(info: "SAS", count: 6) == bob.bytes(info: "SAS", count: 6))
        #expect(alice.ourPublicKey == RFC7748.alicePublic && alice.theirPublicKey == RFC7748.bobPublic)
    }

    /// python-olm tests/sas_test.py, test_cross_language_mac: with libolm's keys, the MAC of
    /// "Hello world!" under the info "MAC" is 2nSMTXM+…, in libolm's broken base64 (the old
    /// `hkdf-hmac-sha256`, which encoded in place). That fixes bytes 0, 1, 2, 4, 5 and 8 of the
    /// HMAC; the whole v2 value was computed with Python's `cryptography` (OpenSSL).
    @Test func macMatchesPythonOlmsCrossLanguageVector() throws {
        let (alice, bob) = try Self.established()
        let mac = alice.mac(of: "Hello world!", info: "MAC")
        let bytes = try #require(Data(unpaddedBase64: mac))
        #expect(LibolmBase64.brokenEncoding(of: Array(bytes)) == "2nSMTXM+TStTU3RUVTNSVVZUTlNWVlpVVGxOV1ZscFY")
        #expect(mac == "2nSMU3M+FMBTCWQg5IoIUoEErFZOjniAZTdqNhf+Dmo")
        #expect(bob.mac(of: "Hello world!", info: "MAC") == mac)
        #expect(bob.isValidMAC(mac, of: "Hello world!", info: "MAC"))
    }

    /// The test's model of libolm's bug, against the example of the olm merge request that fixed
    /// it (gitlab.matrix.org/matrix-org/olm/-/merge_requests/16), as mautrix-go's
    /// crypto/verificationhelper TestBrokenB64Encode quotes it.
    @Test func brokenBase64ModelMatchesLibolmsExample() {
        let input: [UInt8] = [
            121, 105, 187, 19, 37, 94, 119, 248, 224, 34, 94, 29, 157, 5, 15, 230,
            246, 115, 236, 217, 80, 78, 56, 200, 80, 200, 82, 158, 168, 179, 10, 230,
        ]
        #expect(LibolmBase64.brokenEncoding(of: input) == "eWm7NyVeVmXgbVhnYlZobllsWm9ibGxzV205aWJHeHo")
    }

    /// The HKDF info strings. The MAC info is vodozemac src/sas.rs calculate_mac_vodozemac_vodozemac's
    /// extra_info (Bob's key list, sent to Alice) and matrix-js-sdk spec/integ/crypto/verification.spec.ts
    /// buildSasMacMessage's macInfoBase; the SAS info follows matrix-rust-sdk
    /// crates/matrix-sdk-crypto/src/verification/sas/helpers.rs extra_info_sas (starting side first).
    @Test func infoStringsAreTheOnesOtherClientsBuild() {
        #expect(
            SASInfo.mac(sender: Self.bob, receiver: Self.alice, transactionID: Self.transactionID, keyID: SASInfo.keyListID)
                == "MATRIX_KEY_VERIFICATION_MAC@bob:example.comBBBBBBBBBB@alice:example.comAAAAAAAAAA$1234567890KEY_IDS"
        )
        #expect(
            SASInfo.mac(sender: Self.alice, receiver: Self.bob, transactionID: "t", keyID: "ed25519:AAAAAAAAAA")
                == "MATRIX_KEY_VERIFICATION_MAC@alice:example.comAAAAAAAAAA@bob:example.comBBBBBBBBBBted25519:AAAAAAAAAA"
        )
        #expect(
            SASInfo.shortAuthenticationString(
                starting: Self.alice, startingKey: RFC7748.alicePublic, accepting: Self.bob, acceptingKey: RFC7748.bobPublic,
                transactionID: Self.transactionID
            )
                == "MATRIX_KEY_VERIFICATION_SAS|@alice:example.com|AAAAAAAAAA|hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo"
                + "|@bob:example.com|BBBBBBBBBB|3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08|$1234567890"
        )
    }

    /// vodozemac src/sas.rs emoji_generation and decimal_generation (and matrix-rust-sdk's
    /// helpers.rs tests of the same names before it moved to vodozemac, commit dbb500c4b^).
    @Test func extremeBytesGiveTheFirstAndLastEmojiAndDecimals() {
        #expect(ShortAuthenticationString.emojiIndices([0, 0, 0, 0, 0, 0]) == [0, 0, 0, 0, 0, 0, 0])
        #expect(ShortAuthenticationString.emojiIndices([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == Array(repeating: 63, count: 7))
        #expect(ShortAuthenticationString.decimals([0, 0, 0, 0, 0]) == [1000, 1000, 1000])
        #expect(ShortAuthenticationString.decimals([0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == [9191, 9191, 9191])
    }

    /// The spec's formulas ("SAS method: `decimal`", "SAS method: `emoji`") worked by hand for
    /// 0x12 0x34 0x56 0x78 0x9A 0xBC = 000100 100011 010001 010110 011110 001001 101010 111100:
    /// (B0 << 5 | B1 >> 3) + 1000 = 1582, ((B1 & 7) << 10 | B2 << 2 | B3 >> 6) + 1000 = 5441,
    /// ((B3 & 0x3F) << 7 | B4 >> 1) + 1000 = 8245.
    @Test func bytesMapAsTheSpecsFormulasSay() {
        let bytes: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC]
        #expect(ShortAuthenticationString.emojiIndices(bytes) == [4, 35, 17, 22, 30, 9, 42])
        #expect(ShortAuthenticationString.decimals(bytes) == [1582, 5441, 8245])
    }

    /// matrix-rust-sdk crates/matrix-sdk-crypto/src/verification/sas/helpers.rs, commitment_calculation.
    @Test func commitmentMatchesRustSDKsVector() {
        let start: JSONValue = [
            "from_device": "XOWLHHFSWM",
            "transaction_id": "bYxBsirjUJO9osar6ST4i2M2NjrYLA7l",
            "method": "m.sas.v1",
            "key_agreement_protocols": ["curve25519-hkdf-sha256", "curve25519"],
            "hashes": ["sha256"],
            "message_authentication_codes": ["hkdf-hmac-sha256", "hmac-sha256"],
            "short_authentication_string": ["decimal", "emoji"],
        ]
        #expect(
            SASCommitment.of(publicKey: "Q/NmNFEUS1fS+YeEmiZkjjblKTitrKOAk7cPEumcMlg", startContent: start)
                == "CCQmB4JCdB0FW21FdAnHj/Hu8+W9+Nb0vgwPEnZZQ4g"
        )
    }

    /// A self-verification between two matrix-rust-sdk devices (matrix-sdk-python 0.18.0), captured
    /// on a local Synapse: ../shared/peers/transcripts/self-verification.jsonl, steps 3, 4 and 6.
    /// Device VRQFUXNWIA accepted with this commitment and later sent its key xJB697….
    @Test func commitmentMatchesACapturedRustSDKFlow() {
        let start: JSONValue = [
            "from_device": "VPWFDWTDFF",
            "transaction_id": "667bf299e11c4e38874ef51cb48e7e35",
            "method": "m.sas.v1",
            "key_agreement_protocols": ["curve25519-hkdf-sha256"],
            "hashes": ["sha256"],
            "message_authentication_codes": ["hkdf-hmac-sha256", "hkdf-hmac-sha256.v2", "org.matrix.msc3783.hkdf-hmac-sha256"],
            "short_authentication_string": ["decimal", "emoji"],
        ]
        let acceptingKey = "xJB697OpnZB9PtcAeUo/Q+TmR1SgesYPYc0RS/+4RzM"
        let commitment = "EgsY04et5tg4D6ABh7+B9QpTMdYTVOBUxV9HuecLwz8"
        #expect(SASCommitment.of(publicKey: acceptingKey, startContent: start) == commitment)
        // The starting side's key (step 5) is not what the accepting side committed to.
        #expect(SASCommitment.of(publicKey: "KHCGmMEJ+HOm1jVceU0RPK6byI3nMUC0spYogzqDDmI", startContent: start) != commitment)
    }

    /// A whole transcript with the fixed keys: Alice starts, Bob accepts, and Alice sends the MAC
    /// of her device key and master key (matrix-js-sdk spec/test-utils/crypto-test-data's
    /// SIGNED_TEST_DEVICE_DATA ed25519 key and Alice's master key). No client published these
    /// numbers: they were computed with Python's `cryptography` (OpenSSL's X25519, HKDF and HMAC).
    @Test func transcriptWithFixedKeysGivesIndependentlyComputedValues() throws {
        let (alice, bob) = try Self.established()
        let info = SASInfo.shortAuthenticationString(
            starting: Self.alice, startingKey: alice.ourPublicKey, accepting: Self.bob, acceptingKey: bob.ourPublicKey,
            transactionID: Self.transactionID
        )
        #expect(alice.bytes(info: info, count: 6) == [24, 47, 56, 34, 63, 131])
        #expect(alice.emoji(info: info).map(\.index) == [6, 2, 60, 56, 8, 35, 62])
        #expect(bob.decimals(info: info) == [1773, 8392, 5383])

        let master = "J+5An10v1vzZpAXTYFokD1/PEVccFnLC61EfRXit0UY"
        let keys = ["ed25519:AAAAAAAAAA": "YI/7vbGVLpGdYtuceQR8MSsKB/QjgfMXM1xqnn+0NWU", "ed25519:\(master)": master]
        let content = alice.macContent(for: keys, sender: Self.alice, receiver: Self.bob, transactionID: Self.transactionID)
        #expect(content.mac == [
            "ed25519:AAAAAAAAAA": "taLv5TEjgR7efUNLV+08V+lp/j2SSOAMjmswFda4E4A",
            "ed25519:\(master)": "euAny66ueRR8236ifHLAME6/HrvBAvpPZ4haegt4bVk",
        ])
        #expect(content.keys == "DYcuuNTPfi8AcKwCBaj0FRYsZstkwRQTtUQ1OT4gIg8")
        let verified = try bob.verifiedKeyIDs(
            mac: content.mac, keys: content.keys, known: keys, sender: Self.alice, receiver: Self.bob,
            transactionID: Self.transactionID
        )
        #expect(verified == Set(keys.keys))
    }
}

/// libolm's `olm_sas_calculate_mac` (the deprecated `hkdf-hmac-sha256`) base64-encoded the
/// 32-byte HMAC into the buffer that held it, so each group of three bytes after the first few is
/// read after earlier output overwrote it. A model for tests, to compare with vectors in that form.
enum LibolmBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func brokenEncoding(of mac: [UInt8]) -> String {
        precondition(mac.count == 32)
        var buffer = mac + [UInt8](repeating: 0, count: 11)
        var output = 0
        // Ten whole groups, then two bytes left: both read from the shared buffer as it is then.
        for input in stride(from: 0, to: 30, by: 3) {
            let value = Int(buffer[input]) << 16 | Int(buffer[input + 1]) << 8 | Int(buffer[input + 2])
            for position in 0..<4 { buffer[output + position] = alphabet[(value >> (18 - 6 * position)) & 0x3F] }
            output += 4
        }
        let value = (Int(buffer[30]) << 8 | Int(buffer[31])) << 2
        for position in 0..<3 { buffer[output + position] = alphabet[(value >> (12 - 6 * position)) & 0x3F] }
        return String(decoding: buffer.prefix(43), as: UTF8.self)
    }
}
