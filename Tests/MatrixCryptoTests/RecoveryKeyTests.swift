import Foundation
import MatrixCrypto
import Testing

@Suite struct RecoveryKeyTests {
    /// matrix-rust-sdk, crates/matrix-sdk-crypto/src/secret_storage.rs, test `base58_parsing`.
    private let rustKey: [UInt8] = [
        159, 189, 70, 187, 52, 81, 113, 198, 246, 2, 44, 154, 37, 213, 104, 27, 165, 78, 236, 106, 108, 73, 83, 243,
        173, 192, 185, 110, 157, 145, 173, 163,
    ]

    @Test func decodesAndEncodesMatrixRustSDKVector() throws {
        // Same test: whitespace anywhere in the input does not matter.
        let key = try SecretStorageKey(recoveryKey: "EsT           pRvZTnjck8    YrhRAtw XLS84Nr2r9S9LGAWDaExVAPBvLRK   ")
        #expect(Array(key.rawRepresentation) == rustKey)
        #expect(key.recoveryKey == "EsTp RvZT njck 8Yrh RAtw XLS8 4Nr2 r9S9 LGAW DaEx VAPB vLRK")
    }

    /// matrix-js-sdk, spec/test-utils/crypto-test-data/index.ts: `BACKUP_DECRYPTION_KEY_BASE64`
    /// with `BACKUP_DECRYPTION_KEY_BASE58`, and Bob's pair (written by generate-test-data.py with
    /// the same representation).
    @Test(arguments: [
        ("dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo=", "EsTc LW2K PGiF wKEA 3As5 g5c4 BXwk qeeJ ZJV8 Q9fu gUMN UE4d"),
        ("DwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo=", "EsT5 Sd5m mEXs NQYE ibRe 3q9E 4aXW rHih 5f9J 6rU6 AfwY mASR"),
    ])
    func matchesMatrixJSSDKVectors(base64: String, recoveryKey: String) throws {
        let key = try SecretStorageKey(rawRepresentation: #require(Data(base64Encoded: base64)))
        #expect(key.recoveryKey == recoveryKey)
        #expect(try SecretStorageKey(recoveryKey: recoveryKey) == key)
    }

    /// The wrong inputs of matrix-rust-sdk's `base58_parsing` test (secret_storage.rs).
    @Test func refusesMatrixRustSDKBadInputs() {
        #expect(throws: RecoveryKeyError.wrongParity) {
            try SecretStorageKey(recoveryKey: "EsTpRvZTnjck8YrhRAtwXLS84Nr2r9S9LGAWDaExVAPBvLRk")
        }
        #expect(throws: RecoveryKeyError.wrongPrefix) {
            try SecretStorageKey(recoveryKey: "AATpRvZTnjck8YrhRAtwXLS84Nr2r9S9LGAWDaExVAPBvLRk")
        }
        #expect(throws: RecoveryKeyError.wrongLength(24)) {
            try SecretStorageKey(recoveryKey: "AATpRvZTnjck8YrhRAtwXLS84Nr2r9S9")
        }
        #expect(throws: RecoveryKeyError.notBase58) {
            try SecretStorageKey(recoveryKey: "AATpRvZTnjck8YrhRAtwXLS84Nr0OIl")
        }
    }

    @Test func refusesEachKindOfMistake() throws {
        let text = SecretStorageKey().recoveryKey
        // A dropped or added character changes the length, or keeps it and breaks the parity.
        for changed in [String(text.dropLast()), text + "2", String(text.dropLast(5))] {
            #expect(throws: RecoveryKeyError.self) { try SecretStorageKey(recoveryKey: changed) }
        }
        #expect(throws: RecoveryKeyError.wrongLength(0)) { try SecretStorageKey(recoveryKey: "") }
        #expect(throws: RecoveryKeyError.wrongLength(0)) { try SecretStorageKey(recoveryKey: " \n\t") }
        for lookalike in ["0", "O", "I", "l", "+", "é", "-"] {
            let position = text.index(text.startIndex, offsetBy: 10)
            let mistyped = text.replacingCharacters(in: position...position, with: lookalike)
            #expect(throws: RecoveryKeyError.notBase58, "\(lookalike)") { try SecretStorageKey(recoveryKey: mistyped) }
        }
    }

    @Test func aLastCharacterTypoIsAParityError() throws {
        let text = SecretStorageKey().recoveryKey
        let last = text.last!
        let replacement: Character = last == "2" ? "3" : "2"
        #expect(throws: RecoveryKeyError.wrongParity) {
            try SecretStorageKey(recoveryKey: String(text.dropLast()) + String(replacement))
        }
    }

    @Test func refusesKeysOfAnotherPrefixEvenWithGoodParity() throws {
        // 0x8B 0x02 ∥ 32 bytes ∥ parity: intact, but not a Matrix recovery key.
        let other = RecoveryKeyTests.base58([0x8B, 0x02] + rustKey, parityFixed: true)
        #expect(throws: RecoveryKeyError.wrongPrefix) { try SecretStorageKey(recoveryKey: other) }
        let short = RecoveryKeyTests.base58([0x8B, 0x01] + rustKey.dropLast(), parityFixed: true)
        #expect(throws: RecoveryKeyError.wrongLength(34)) { try SecretStorageKey(recoveryKey: short) }
    }

    @Test func randomKeysRoundTripInGroupsOfFour() throws {
        for _ in 0..<100 {
            let key = SecretStorageKey()
            let text = key.recoveryKey
            let groups = text.split(separator: " ", omittingEmptySubsequences: false)
            #expect(groups.dropLast().allSatisfy { $0.count == 4 } && (1...4).contains(groups.last!.count))
            #expect(try SecretStorageKey(recoveryKey: text) == key)
            // Pasted over lines, or typed without the spaces.
            #expect(try SecretStorageKey(recoveryKey: text.replacingOccurrences(of: " ", with: "")) == key)
            #expect(try SecretStorageKey(recoveryKey: "\n " + text.replacingOccurrences(of: " ", with: "\r\n") + "\t") == key)
        }
    }

    @Test func keysWithZeroBytesRoundTrip() throws {
        for bytes in [[UInt8](repeating: 0, count: 32), [UInt8](repeating: 0xFF, count: 32), [0] + rustKey.dropFirst()] {
            let key = try SecretStorageKey(rawRepresentation: bytes)
            #expect(try SecretStorageKey(recoveryKey: key.recoveryKey) == key)
        }
    }

    @Test func descriptionShowsNoKey() throws {
        let key = try SecretStorageKey(rawRepresentation: rustKey)
        let shown = "\(key) \(String(reflecting: key))"
        #expect(!shown.contains("EsTp"))
        #expect(!shown.contains(key.rawRepresentation.base64EncodedString().prefix(8)))
        #expect(!shown.contains("159"))
    }

    @Test func rawKeysOfAnotherLengthAreRefused() {
        for count in [0, 16, 31, 33, 64] {
            #expect(throws: SecretStorageError.invalidKeyLength(count)) {
                try SecretStorageKey(rawRepresentation: [UInt8](repeating: 1, count: count))
            }
        }
    }

    /// Base58 of `bytes` (plus a parity byte if asked) by big-integer division, apart from the
    /// implementation under test; `bytes` starts with a non-zero byte.
    private static func base58(_ bytes: [UInt8], parityFixed: Bool) -> String {
        let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
        var number = parityFixed ? bytes + [bytes.reduce(0, ^)] : bytes
        var text: [Character] = []
        while number.contains(where: { $0 != 0 }) {
            var remainder = 0
            number = number.map { byte in
                let value = remainder << 8 | Int(byte)
                remainder = value % 58
                return UInt8(value / 58)
            }
            text.insert(alphabet[remainder], at: 0)
        }
        return String(text)
    }
}
