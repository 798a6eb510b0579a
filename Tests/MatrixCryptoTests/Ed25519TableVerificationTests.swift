import Crypto
import Foundation
@testable import MatrixCrypto
import Testing

/// The Ed25519 verification of our own arithmetic (`Ed25519TableVerification`) against RFC 8032's
/// vectors, BoringSSL (what it replaces) and vodozemac. A million inputs more, in release:
/// `element-shell-bench ed25519` (BENCHMARKS.md).
@Suite struct Ed25519TableVerificationTests {
    private func hex(_ text: String) -> Data {
        Data(stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! })
    }

    /// Verifies as the shell would with the key's table made at once, and as BoringSSL does.
    private func verdicts(key: Data, message: Data, signature: Data) -> (ours: Bool?, boringSSL: Bool) {
        let boringSSL = (try? Curve25519.Signing.PublicKey(rawRepresentation: key))?.isValidSignature(signature, for: message) ?? false
        guard let point = EdwardsPoint(encoded: [UInt8](key)) else { return (nil, boringSSL) }
        let table = Ed25519MultiplesTable(point)
        let ours = signature.withUnsafeBytes { signature in
            message.withUnsafeBytes { message in
                key.withUnsafeBytes { key in
                    Ed25519TableVerification.isValid(signature: signature, message: message, publicKey: key, keyMultiples: table)
                }
            }
        }
        return (ours, boringSSL)
    }

    /// RFC 8032, section 7.1, tests 1 to 3 and SHA(abc): each verifies, and not once a bit is changed.
    @Test(arguments: [
        ("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
         "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        ("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
         "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        ("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
         "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
        ("ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
         "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
         "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
    ])
    func rfc8032Vectors(key: String, message: String, signature: String) {
        let (key, message, signature) = (hex(key), hex(message), hex(signature))
        #expect(verdicts(key: key, message: message, signature: signature) == (true, true))
        var altered = signature
        altered[40] ^= 0x10
        #expect(verdicts(key: key, message: message, signature: altered) == (false, false))
        var later = message
        later.append(0)
        #expect(verdicts(key: key, message: later, signature: signature) == (false, false))
    }

    /// Random keys and messages, half the signatures altered in a bit of R, S, the message or the key.
    @Test func agreesWithBoringSSL() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<120 {
            let signer = Curve25519.Signing.PrivateKey()
            var key = signer.publicKey.rawRepresentation
            var message = Data((0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            var signature = try! signer.signature(for: message)
            switch round % 8 {
            case 0: signature[Int.random(in: 0..<32)] ^= 1 << UInt8.random(in: 0..<8)
            case 1: signature[Int.random(in: 32..<64)] ^= 1 << UInt8.random(in: 0..<8)
            case 2 where !message.isEmpty: message[message.startIndex] ^= 1
            case 3: key[Int.random(in: 0..<32)] ^= 1 << UInt8.random(in: 0..<8)
            default: break
            }
            let (ours, boringSSL) = verdicts(key: key, message: message, signature: signature)
            #expect((ours ?? false) == boringSSL, "round \(round)")
            #expect(round % 8 < 4 || boringSSL, "round \(round)")
        }
    }

    /// What RFC 8032 leaves to the verifier, decided as BoringSSL decides it: an S of L or more is
    /// refused, a y of p or more is read modulo p, and a key of small order verifies the
    /// signature that fits it (the identity, R = identity, S = 0).
    @Test func edgesAreDecidedAsBoringSSLDecidesThem() {
        let signer = Curve25519.Signing.PrivateKey()
        let message = Data("edge".utf8)
        let signature = try! signer.signature(for: message)
        let key = signer.publicKey.rawRepresentation
        // S + L: the same point, a non-canonical scalar.
        var s = [UInt8](signature.suffix(32)), carry = 0
        for index in 0..<32 {
            let sum = Int(s[index]) + Int(Ed25519Scalar.order[index]) + carry
            s[index] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8
        }
        if carry == 0, s[31] < 0x80 {
            #expect(verdicts(key: key, message: message, signature: signature.prefix(32) + s) == (false, false))
        }
        let identity = Data([1] + [UInt8](repeating: 0, count: 31))
        #expect(verdicts(key: identity, message: message, signature: identity + Data(count: 32)) == (true, true))
        // y = p + 1 (non-canonical 1, the identity) and y = 2 (no point has it).
        let pPlusOne = Data([0xee] + [UInt8](repeating: 0xff, count: 30) + [0x7f])
        #expect(verdicts(key: pPlusOne, message: message, signature: identity + Data(count: 32)).ours == true)
        #expect(verdicts(key: Data([2] + [UInt8](repeating: 0, count: 31)), message: message, signature: signature).ours == nil)
    }

    /// Reduction modulo L against long division, at the edges and at random.
    @Test func scalarsReduceModuloTheOrder() {
        var inputs: [[UInt8]] = [[UInt8](repeating: 0, count: 64), [UInt8](repeating: 0xff, count: 64),
                                 Ed25519Scalar.order + [UInt8](repeating: 0, count: 32)]
        for _ in 0..<2000 { inputs.append((0..<64).map { _ in UInt8.random(in: 0...255) }) }
        for input in inputs {
            #expect(input.withUnsafeBytes(Ed25519Scalar.reduced) == Self.remainder(of: input), "\(input)")
        }
    }

    /// Vodozemac's signatures and its verdicts, altered ones among them.
    @Test(.enabled(if: VodozemacOracle.isAvailable, "needs the dev venv of Scripts/test"))
    func agreesWithVodozemac() async throws {
        let answer = try await VodozemacOracle.call(["command": "signatures", "count": 400, "keys": 20, "seed": 37])
        let cases = try #require(answer["cases"] as? [[Any]])
        #expect(cases.count == 400)
        for (index, item) in cases.enumerated() {
            let key = try #require(Data(base64Encoded: item[0] as? String ?? "")), message = try #require(Data(base64Encoded: item[1] as? String ?? ""))
            let signature = try #require(Data(base64Encoded: item[2] as? String ?? ""))
            let (ours, boringSSL) = verdicts(key: key, message: message, signature: signature)
            #expect((ours ?? false) == item[3] as? Bool && boringSSL == item[3] as? Bool, "case \(index)")
        }
    }

    /// A key gets its table at its third signature; the least recently used goes when more are kept.
    @Test func aKeyThatSignsOftenGetsItsTableAndTheOldestIsDropped() {
        let cache = Ed25519KeyMultiples(capacity: 2, sightingsBeforeTable: 3)
        let keys = (0..<3).map { _ in Curve25519.Signing.PrivateKey().publicKey.rawRepresentation }
        #expect(cache.table(for: keys[0]) == nil && cache.table(for: keys[0]) == nil)
        let first = try! #require(cache.table(for: keys[0]))
        #expect(cache.table(for: keys[0]) === first)
        for _ in 0..<3 { _ = cache.table(for: keys[1]) }
        _ = cache.table(for: keys[0])
        for _ in 0..<3 { _ = cache.table(for: keys[2]) }
        #expect(cache.table(for: keys[0]) === first, "used last, kept")
        #expect(cache.table(for: keys[1]) == nil, "the least recently used went")
    }

    /// The 512-bit little-endian `value` modulo L, by shifting and subtracting bit by bit.
    private static func remainder(of value: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: 33)
        for bit in stride(from: 511, through: 0, by: -1) {
            var carry = value[bit / 8] >> (bit % 8) & 1
            for index in 0..<33 {
                let shifted = remainder[index] << 1 | carry
                carry = remainder[index] >> 7
                remainder[index] = shifted
            }
            if !isBelowOrder(remainder) {
                var borrow = 0
                for index in 0..<33 {
                    let difference = Int(remainder[index]) - Int(index < 32 ? Ed25519Scalar.order[index] : 0) - borrow
                    remainder[index] = UInt8(truncatingIfNeeded: difference)
                    borrow = difference < 0 ? 1 : 0
                }
            }
        }
        return Array(remainder.prefix(32))
    }

    private static func isBelowOrder(_ value: [UInt8]) -> Bool {
        if value[32] != 0 { return false }
        for index in stride(from: 31, through: 0, by: -1) where value[index] != Ed25519Scalar.order[index] {
            return value[index] < Ed25519Scalar.order[index]
        }
        return false
    }
}
