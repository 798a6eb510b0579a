import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

/// Encrypted attachments on their own: what the keys' JSON holds, and what a damaged file or
/// malformed keys get.
@Suite struct AttachmentCipherTests {
    @Test func decryptsWhatItEncrypted() throws {
        for plaintext in [Data(), Data("a picture".utf8), Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) })] {
            let (ciphertext, keys) = AttachmentCipher.encrypt(plaintext)
            #expect(ciphertext.count == plaintext.count)
            #expect(plaintext.isEmpty || ciphertext != plaintext)
            #expect(try AttachmentCipher.decrypt(ciphertext, with: keys) == plaintext)
        }
    }

    /// A new key and IV each time, the IV's counter half zero.
    @Test func takesANewKeyEachTime() {
        let first = AttachmentCipher.encrypt(Data("same".utf8)).keys, second = AttachmentCipher.encrypt(Data("same".utf8)).keys
        #expect(first.key != second.key && first.iv != second.iv)
        #expect(first.iv.suffix(8) == Data(count: 8))
    }

    @Test func refusesADamagedFile() throws {
        let (ciphertext, keys) = AttachmentCipher.encrypt(Data("a picture".utf8))
        var damaged = ciphertext
        damaged[0] ^= 1
        #expect(throws: AttachmentError.hashMismatch) { try AttachmentCipher.decrypt(damaged, with: keys) }
        #expect(throws: AttachmentError.hashMismatch) { try AttachmentCipher.decrypt(ciphertext.dropLast(), with: keys) }
        let shortKey = AttachmentKeys(key: keys.key.prefix(16), iv: keys.iv, sha256: keys.sha256)
        #expect(throws: AttachmentError.malformedKeys) { try AttachmentCipher.decrypt(ciphertext, with: shortKey) }
    }

    /// The JSON fields read back to the same keys; the key is a JSON web key in base64url.
    @Test func writesAndReadsTheEncryptedFileFields() throws {
        let keys = AttachmentKeys(key: Data(repeating: 0xFB, count: 32), iv: Data(repeating: 1, count: 8) + Data(count: 8),
                                  sha256: Data(repeating: 2, count: 32))
        let json = JSONValue.object(keys.jsonFields)
        #expect(json["key"]?["k"]?.string == "-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s")
        #expect(AttachmentKeys(json: json) == keys)
        #expect(!keys.description.contains(json["key"]?["k"]?.string ?? "-"))
    }

    @Test func refusesMalformedFields() {
        let good = AttachmentKeys(key: Data(count: 32), iv: Data(count: 16), sha256: Data(count: 32)).jsonFields
        var badVersion = good; badVersion["v"] = "v1"
        var badAlgorithm = good; badAlgorithm["key"] = ["kty": "oct", "alg": "A128CTR", "k": "AAAA"]
        var shortIV = good; shortIV["iv"] = .string(Data(count: 8).unpaddedBase64)
        var noHash = good; noHash["hashes"] = [:]
        for fields in [badVersion, badAlgorithm, shortIV, noHash] {
            #expect(AttachmentKeys(json: .object(fields)) == nil)
        }
    }
}

/// AttachmentCipher against matrix-nio's `nio.crypto.attachments` (`Peers/attachment_oracle.py`);
/// needs the dev venv (Scripts/test).
@Suite(.enabled(if: PythonOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct AttachmentCipherNioTests {
    private let nio = PythonOracle(script: "attachment_oracle.py")
    private let plaintext = Data((0..<5000).map { _ in UInt8.random(in: 0...255) })

    @Test func nioDecryptsOurFiles() async throws {
        let (ciphertext, keys) = AttachmentCipher.encrypt(plaintext)
        let file = try JSONSerialization.jsonObject(with: JSONValue.object(keys.jsonFields).canonicalEncoding())
        let answer = try await nio.call(["command": "decrypt", "ciphertext": ciphertext.base64EncodedString(), "file": file])
        #expect(answer["plaintext"] as? String == plaintext.base64EncodedString())
    }

    @Test func weDecryptNioFiles() async throws {
        let answer = try await nio.call(["command": "encrypt", "plaintext": plaintext.base64EncodedString()])
        let ciphertext = try #require((answer["ciphertext"] as? String).flatMap { Data(base64Encoded: $0) })
        let fileData = try JSONSerialization.data(withJSONObject: try #require(answer["file"]))
        let keys = try #require(AttachmentKeys(json: try JSONDecoder().decode(JSONValue.self, from: fileData)))
        #expect(try AttachmentCipher.decrypt(ciphertext, with: keys) == plaintext)
    }
}
