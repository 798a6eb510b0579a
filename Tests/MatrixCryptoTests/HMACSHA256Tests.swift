import Crypto
import Foundation
@testable import MatrixCrypto
import Testing

/// Our HMAC and HKDF over SHA-256 against swift-crypto's, on keys and messages of every length
/// around the block size, and RFC 4231's first vector.
@Suite struct HMACSHA256Tests {
    private func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255) } }

    @Test func codesAreSwiftCryptosCodes() {
        for keyLength in [0, 1, 31, 32, 63, 64, 65, 100, 200] {
            for messageLength in [0, 1, 55, 56, 63, 64, 65, 127, 300] {
                let key = random(keyLength), message = random(messageLength)
                let ours = message.withUnsafeBytes { HMACSHA256(key: key).code(of: $0) }
                let theirs = [UInt8](HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
                #expect(ours == theirs, "key \(keyLength), message \(messageLength)")
            }
        }
        let key = [UInt8](repeating: 0x0b, count: 20)
        let code = Data("Hi There".utf8).withUnsafeBytes { HMACSHA256(key: key).code(of: $0) }
        #expect(code.map { String(format: "%02x", $0) }.joined() == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func partsAreOneMessage() {
        let key = HMACSHA256(key: random(32))
        let (first, second) = (random(40), random(70))
        let whole = (first + second).withUnsafeBytes { key.code(of: $0) }
        let parted = first.withUnsafeBytes { a in second.withUnsafeBytes { b in key.code(of: a, b) } }
        #expect(whole == parted)
    }

    @Test func derivedKeysAreSwiftCryptosHKDF() {
        for (secretLength, info, count) in [(32, "MEGOLM_KEYS", 80), (128, "MEGOLM_KEYS", 80), (32, "OLM_KEYS", 80), (32, "", 80), (7, "x", 1), (64, "long", 255)] {
            let secret = random(secretLength)
            let ours = secret.withUnsafeBytes { HMACSHA256.derive(from: $0, info: Array(info.utf8), count: count) }
            let theirs = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), salt: Data(), info: Data(info.utf8),
                                                outputByteCount: count).withUnsafeBytes { [UInt8]($0) }
            #expect(ours == theirs, "secret \(secretLength), info \(info), \(count) bytes")
        }
    }
}
