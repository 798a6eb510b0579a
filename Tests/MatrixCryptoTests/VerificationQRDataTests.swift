import Foundation
import Testing

@testable import MatrixCrypto

/// The data of QR verification codes: the spec's example, matrix-rust-sdk's payloads, round trips
/// and what must be refused. Each vector names its source.
@Suite struct VerificationQRDataTests {
    /// The two Ed25519 keys of matrix-rust-sdk's crates/matrix-sdk-qrcode/src/types.rs doc tests
    /// (`kS /\x92i\x1e6…` and `\xbdR|\xf8n…` in their byte strings).
    static let rustFirstKey = "a1MgL5JpHjbNJ2f5IxHYiqL2MQUbNu/8pCWAGgzS6AQ"
    static let rustSecondKey = "vVJ8+G4HpB+0zDMOQlTnW379h9A2Qt9vVnYlm4auvE0"

    static func bytes(_ key: String) -> [UInt8] {
        Array(Data(unpaddedBase64: key)!)
    }

    /// matrix-rust-sdk's doc tests decode these three payloads (`QrVerificationData::from_bytes`)
    /// and encode them back to the very same bytes (`to_bytes`): one for each mode.
    @Test(arguments: [
        (VerificationQRData.Mode.verifyingAnotherUser, "$test:localhost"),
        (.selfVerifyingTrustingMasterKey, "FLOWID"),
        (.selfVerifyingNotTrustingMasterKey, "FLOW_ID"),
    ])
    func readsAndWritesMatrixRustSDKsPayloads(mode: VerificationQRData.Mode, flowID: String) throws {
        let payload = Array("MATRIX".utf8) + [0x02, mode.rawValue, 0x00, UInt8(flowID.utf8.count)] + Array(flowID.utf8)
            + Self.bytes(Self.rustFirstKey) + Self.bytes(Self.rustSecondKey) + Array("SHARED_SECRET".utf8)
        let data = try VerificationQRData(decoding: payload)
        #expect(data.mode == mode)
        #expect(data.flowID == flowID)
        #expect(data.firstKey == Self.rustFirstKey)
        #expect(data.secondKey == Self.rustSecondKey)
        #expect(data.sharedSecret == Data("SHARED_SECRET".utf8).unpaddedBase64)
        #expect(data.encoded == payload)
    }

    /// The spec's example (Client-Server API, "QR code format"): mode 0x00, a 0x2D-byte event ID
    /// starting "!ABCD", keys counting up from 0x00 and 0x10 ("AAECAwQFBg…", "EBESExQVFh…"),
    /// the secret 20 21 … 27, "ICEiIyQlJic" in base64.
    @Test func writesTheSpecsExample() throws {
        let firstKey = Data(0x00..<0x20).unpaddedBase64, secondKey = Data(0x10..<0x30).unpaddedBase64
        #expect(firstKey.hasPrefix("AAECAwQFBg") && secondKey.hasPrefix("EBESExQVFh"))
        let eventID = "!ABCD" + String(repeating: "x", count: 0x2D - 5)
        let data = try VerificationQRData(
            mode: .verifyingAnotherUser, flowID: eventID, firstKey: firstKey, secondKey: secondKey,
            sharedSecret: "ICEiIyQlJic"
        )
        let encoded = data.encoded
        #expect(Array(encoded.prefix(15)) == [0x4D, 0x41, 0x54, 0x52, 0x49, 0x58, 0x02, 0x00, 0x00, 0x2D, 0x21, 0x41, 0x42, 0x43, 0x44])
        #expect(Array(encoded.suffix(8 + 64)) == Array(0x00..<0x20) + Array(0x10..<0x30) + Array(0x20..<0x28))
        #expect(try VerificationQRData(decoding: encoded) == data)
    }

    /// Made without a secret: 16 random bytes, a new one each time; every mode and an ID with
    /// more than ASCII in it comes back as it went.
    @Test(arguments: VerificationQRData.Mode.allCases)
    func roundTrips(mode: VerificationQRData.Mode) throws {
        func make() throws -> VerificationQRData {
            try VerificationQRData(mode: mode, flowID: "$ev-é✓:example.org", firstKey: Self.rustFirstKey, secondKey: Self.rustSecondKey)
        }
        let data = try make()
        #expect(Data(unpaddedBase64: data.sharedSecret)?.count == VerificationQRData.generatedSharedSecretByteCount)
        #expect(try make().sharedSecret != data.sharedSecret)
        let decoded = try VerificationQRData(decoding: data.encoded)
        #expect(decoded == data)
        #expect(decoded.encoded == data.encoded)
    }

    /// matrix-rust-sdk's crates/matrix-sdk-qrcode/src/lib.rs tests (decode_invalid_header,
    /// decode_invalid_mode, decode_invalid_version, decode_missing_data, decode_short_secret),
    /// and the MSC4108 login code of matrix-rust-sdk-crypto-wasm's tests/qr_code.test.js
    /// ("MATRIX", version 2, mode 0x03), which is not a verification code.
    @Test func refusesWhatMatrixRustSDKRefuses() throws {
        func expect(_ bytes: [UInt8], refusedWith error: VerificationQRDataError, at location: SourceLocation = #_sourceLocation) {
            #expect(throws: error, sourceLocation: location) { try VerificationQRData(decoding: bytes) }
        }
        expect(Array("NonMatrixCode".utf8), refusedWith: .notAVerificationCode)
        expect(Array("MATRIX".utf8) + [0x02, 0x03], refusedWith: .unknownMode(3))
        expect(Array("MATRIX".utf8) + [0x01, 0x03], refusedWith: .unsupportedVersion(1))
        expect(Array("MATRIX".utf8) + [0x02, 0x02], refusedWith: .truncated)
        let keys = String(repeating: "A", count: 32) + String(repeating: "B", count: 32)
        let shortSecret = Array("MATRIX".utf8) + [0x02, 0x02, 0x00, 0x07] + Array("FLOW_ID\(keys)SECRET".utf8)
        expect(shortSecret, refusedWith: .sharedSecretTooShort(6))
        let login = try #require(Data(unpaddedBase64: """
            TUFUUklYAgPYhmhqshl7eA4wCp1KIUdIBwDXkp85qzG55RQ3AkjtawBHaHR0cHM6Ly9yZW5kZXp2b3VzLmxhYi5lbGVtZW50LmRldi9l\
            OGRhNjM1NS01NTBiLTRhMzItYTE5My0xNjE5ZDk4MzA2Njg
            """))
        expect(Array(login), refusedWith: .unknownMode(3))
    }

    /// Cut anywhere before the secret's eighth byte, a valid payload is truncated or its secret
    /// too short; a length beyond the bytes, an ID that is not UTF-8 or another prefix is refused
    /// too.
    @Test func refusesEveryTruncationAndBadLength() throws {
        let valid = try VerificationQRData(
            mode: .verifyingAnotherUser, flowID: "txn1", firstKey: Self.rustFirstKey, secondKey: Self.rustSecondKey,
            sharedSecret: Data("12345678".utf8).unpaddedBase64
        ).encoded
        let secretStart = valid.count - 8
        for length in 0..<valid.count {
            let expected: VerificationQRDataError = length < secretStart ? .truncated : .sharedSecretTooShort(length - secretStart)
            #expect(throws: expected) { try VerificationQRData(decoding: Array(valid.prefix(length))) }
        }
        var longer = valid
        longer[9] = 0xFF
        #expect(throws: VerificationQRDataError.truncated) { try VerificationQRData(decoding: longer) }
        var notUTF8 = valid
        notUTF8[10] = 0xFF
        #expect(throws: VerificationQRDataError.flowIDNotUTF8) { try VerificationQRData(decoding: notUTF8) }
        #expect(throws: VerificationQRDataError.notAVerificationCode) {
            try VerificationQRData(decoding: Array("MATRIx".utf8) + valid.dropFirst(6))
        }
    }

    @Test func refusesToMakeMalformedData() {
        func make(flowID: String = "txn", firstKey: String = Self.rustFirstKey, secret: String? = nil) throws {
            _ = try VerificationQRData(
                mode: .verifyingAnotherUser, flowID: flowID, firstKey: firstKey, secondKey: Self.rustSecondKey, sharedSecret: secret
            )
        }
        #expect(throws: VerificationQRDataError.invalidKey) { try make(firstKey: String(Self.rustFirstKey.dropLast(4))) }
        #expect(throws: VerificationQRDataError.invalidKey) { try make(firstKey: Self.rustFirstKey + "AAAA") }
        #expect(throws: VerificationQRDataError.invalidKey) { try make(firstKey: "not base64!") }
        #expect(throws: VerificationQRDataError.invalidSharedSecret) { try make(secret: "%%%") }
        #expect(throws: VerificationQRDataError.sharedSecretTooShort(7)) { try make(secret: Data("1234567".utf8).unpaddedBase64) }
        #expect(throws: VerificationQRDataError.flowIDTooLong(65_536)) { try make(flowID: String(repeating: "x", count: 65_536)) }
        #expect(throws: Never.self) { try make(flowID: String(repeating: "x", count: 65_535), firstKey: Self.rustFirstKey + "=") }
    }
}
