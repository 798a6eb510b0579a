import Foundation
import MatrixJSON
import Testing

@testable import MatrixCrypto

/// SAS verification on its own: both sides agree, refused keys and MACs, the mapping's bits, the
/// emoji table.
@Suite struct SASTests {
    /// Keys no flow may use: of small order (0, 1, a point of order 8, and p − 1, p, p + 1, which
    /// X25519 reduces to small-order points), or not 32 bytes.
    static let refusedKeys = [
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "4Ot6fDtBuK4WVuP68Z/EatoJjeucMrH9hmIFFl9JuAA", "7P///////////////////////////////////////38",
        "7f///////////////////////////////////////38", "7v///////////////////////////////////////38",
        Data(count: 31).unpaddedBase64, Data(repeating: 9, count: 33).unpaddedBase64,
    ]

    private let alice = SASParty(userID: "@alice:example.org", deviceID: "ALICE")
    private let bob = SASParty(userID: "@bob:example.org", deviceID: "BOB")
    private let transactionID = "txn1"
    private let master = "J+5An10v1vzZpAXTYFokD1/PEVccFnLC61EfRXit0UY"
    private var aliceKeys: [String: String] {
        ["ed25519:ALICE": "YI/7vbGVLpGdYtuceQR8MSsKB/QjgfMXM1xqnn+0NWU", "ed25519:\(master)": master]
    }

    private func pair() throws -> (alice: EstablishedSAS, bob: EstablishedSAS) {
        let alice = SASKeyAgreement(), bob = SASKeyAgreement()
        return (try alice.establish(with: bob.publicKey), try bob.establish(with: alice.publicKey))
    }

    @Test func bothSidesDeriveTheSameAndEachFlowHasItsOwnKey() throws {
        let (alice, bob) = try pair()
        #expect(alice.bytes(info: "info", count: 42) == bob.bytes(info: "info", count: 42))
        #expect(alice.bytes(info: "info", count: 6) == Array(bob.bytes(info: "info", count: 42).prefix(6)))
        #expect(alice.bytes(info: "info", count: 6) != alice.bytes(info: "other", count: 6))
        #expect(alice.emoji(info: "i") == bob.emoji(info: "i") && alice.decimals(info: "i") == bob.decimals(info: "i"))
        let mac = alice.mac(of: "input", info: "info")
        #expect(bob.mac(of: "input", info: "info") == mac && bob.isValidMAC(mac, of: "input", info: "info"))
        #expect(!mac.hasSuffix("=") && Data(unpaddedBase64: mac)?.count == 32)
        #expect(SASKeyAgreement().publicKey != SASKeyAgreement().publicKey)
        #expect(alice.ourPublicKey == bob.theirPublicKey && alice.theirPublicKey == bob.ourPublicKey)
        #expect(alice.description == "EstablishedSAS(ours: \(alice.ourPublicKey), theirs: \(alice.theirPublicKey))")
    }

    @Test(arguments: refusedKeys)
    func malformedAndSmallOrderKeysAreRefused(key: String) {
        #expect(throws: MatrixCryptoError.malformed("Curve25519 public key")) { try SASKeyAgreement().establish(with: key) }
    }

    @Test func keysThatAreNotBase64AreRefused() {
        for key in ["not base64!", "", "A"] {
            #expect(throws: MatrixCryptoError.self) { try SASKeyAgreement().establish(with: key) }
        }
    }

    @Test func wrongMACsAreRefused() throws {
        let (alice, bob) = try pair()
        let mac = alice.mac(of: "input", info: "info")
        let other = try pair().alice
        #expect(!bob.isValidMAC(mac, of: "input ", info: "info"))
        #expect(!bob.isValidMAC(mac, of: "input", info: "info2"))
        #expect(!other.isValidMAC(mac, of: "input", info: "info"))
        #expect(!bob.isValidMAC(String(mac.dropLast(2)), of: "input", info: "info"))
        #expect(!bob.isValidMAC("not base64!", of: "input", info: "info"))
        #expect(!bob.isValidMAC("", of: "input", info: "info"))
        var flipped = try #require(Data(unpaddedBase64: mac))
        flipped[31] ^= 1
        #expect(!bob.isValidMAC(flipped.unpaddedBase64, of: "input", info: "info"))
        #expect(bob.isValidMAC(try #require(Data(unpaddedBase64: mac)).base64EncodedString(), of: "input", info: "info"))
    }

    @Test func macContentVerifiesOnTheOtherSide() throws {
        let (alice, bob) = try pair()
        let content = alice.macContent(for: aliceKeys, sender: self.alice, receiver: self.bob, transactionID: transactionID)
        #expect(Set(content.mac.keys) == Set(aliceKeys.keys))
        let keyListInfo = SASInfo.mac(sender: self.alice, receiver: self.bob, transactionID: transactionID, keyID: "KEY_IDS")
        #expect(bob.isValidMAC(content.keys, of: "ed25519:ALICE,ed25519:\(master)", info: keyListInfo))
        #expect(try verify(bob, content) == Set(aliceKeys.keys))
        // Knowing only the device, the master key's MAC is still covered by the key list.
        #expect(try verify(bob, content, known: ["ed25519:ALICE": aliceKeys["ed25519:ALICE"]!]) == ["ed25519:ALICE"])
        #expect(try verify(bob, content, known: [:]) == [])
    }

    @Test func aChangedKeyIsRefused() throws {
        let (alice, bob) = try pair()
        let content = alice.macContent(for: aliceKeys, sender: self.alice, receiver: self.bob, transactionID: transactionID)
        var known = aliceKeys
        known["ed25519:ALICE"] = "RQAY6OEUvF0t2wkNRWw5NA3QYGvRwUxjuZx8hpgt5Ng"
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, content, known: known) }
        var mac = content.mac
        mac["ed25519:ALICE"] = content.mac["ed25519:\(master)"]
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, (mac, content.keys)) }
        mac["ed25519:ALICE"] = "not base64!"
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, (mac, content.keys)) }
    }

    @Test func aChangedKeyListIsRefused() throws {
        let (alice, bob) = try pair()
        let content = alice.macContent(for: aliceKeys, sender: self.alice, receiver: self.bob, transactionID: transactionID)
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, (content.mac, content.mac["ed25519:ALICE"]!)) }
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, (content.mac, "")) }
        // A key ID the list covered, taken out on the way: the rest must not pass as all there was.
        var fewer = content.mac
        fewer["ed25519:\(master)"] = nil
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, (fewer, content.keys)) }
        // One added on the way, even with a MAC that holds for its key.
        var more = content.mac
        let other = "ed25519:OTHER"
        more[other] = alice.mac(of: "key", info: SASInfo.mac(sender: self.alice, receiver: self.bob, transactionID: transactionID, keyID: other))
        #expect(throws: SASMACError.keyMismatch) { try verify(bob, (more, content.keys), known: aliceKeys.merging([other: "key"]) { $1 }) }
    }

    @Test func unknownKeyIDsAreIgnored() throws {
        let (alice, bob) = try pair()
        let keys = aliceKeys.merging(["ed25519:NEWDEVICE": "key we never fetched", "curve25519:ALICE": "x"]) { $1 }
        let content = alice.macContent(for: keys, sender: self.alice, receiver: self.bob, transactionID: transactionID)
        #expect(try verify(bob, content, known: aliceKeys) == Set(aliceKeys.keys))
    }

    /// The MACs name both devices and the transaction, in the sender's direction.
    @Test func macsAreBoundToTheirSenderReceiverAndTransaction() throws {
        let (alice, bob) = try pair()
        let content = alice.macContent(for: aliceKeys, sender: self.alice, receiver: self.bob, transactionID: transactionID)
        let carol = SASParty(userID: "@carol:example.org", deviceID: "ALICE")
        for (sender, receiver, transaction) in [
            (self.bob, self.alice, transactionID), (carol, self.bob, transactionID), (self.alice, self.bob, "txn2"),
        ] {
            #expect(throws: SASMACError.keyMismatch) {
                try bob.verifiedKeyIDs(
                    mac: content.mac, keys: content.keys, known: aliceKeys, sender: sender, receiver: receiver,
                    transactionID: transaction
                )
            }
        }
    }

    @Test func keyListIsSortedByCodePoint() {
        #expect(EstablishedSAS.keyList(["ed25519:b", "ed25519:é", "ed25519:B", "ed25519:a"]) == "ed25519:B,ed25519:a,ed25519:b,ed25519:é")
        #expect(EstablishedSAS.keyList([String]()) == "")
    }

    /// The spec reads the bytes as one big-endian number: a single bit set at position p (0 the
    /// most significant) lands in emoji p / 6, and in decimal p / 13 for the first 39 bits.
    @Test func eachBitLandsWhereTheSpecSays() {
        for position in 0..<48 {
            var bytes = [UInt8](repeating: 0, count: 6)
            bytes[position / 8] = 0x80 >> (position % 8)
            var emoji = Array(repeating: 0, count: 7)
            if position < 42 { emoji[position / 6] = 1 << (5 - position % 6) }
            #expect(ShortAuthenticationString.emojiIndices(bytes) == emoji, "bit \(position)")
            guard position < 40 else { continue }
            var decimals = [1000, 1000, 1000]
            if position < 39 { decimals[position / 13] += 1 << (12 - position % 13) }
            #expect(ShortAuthenticationString.decimals(Array(bytes.prefix(5))) == decimals, "bit \(position)")
        }
    }

    @Test func moreBytesThanNeededAreIgnored() {
        let bytes: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC]
        #expect(ShortAuthenticationString.emojiIndices(bytes + [0xFF]) == ShortAuthenticationString.emojiIndices(bytes))
        #expect(ShortAuthenticationString.decimals(bytes) == ShortAuthenticationString.decimals(Array(bytes.prefix(5))))
    }

    @Test func commitmentBindsTheKeyAndTheStartContent() {
        let start: JSONValue = ["method": "m.sas.v1", "transaction_id": "t", "hashes": ["sha256"]]
        let reordered: JSONValue = ["hashes": ["sha256"], "transaction_id": "t", "method": "m.sas.v1"]
        let commitment = SASCommitment.of(publicKey: "key", startContent: start)
        #expect(SASCommitment.of(publicKey: "key", startContent: reordered) == commitment)
        #expect(SASCommitment.of(publicKey: "key2", startContent: start) != commitment)
        #expect(SASCommitment.of(publicKey: "key", startContent: ["method": "m.sas.v1", "transaction_id": "u", "hashes": ["sha256"]]) != commitment)
        #expect(!commitment.hasSuffix("=") && Data(unpaddedBase64: commitment)?.count == 32)
        // No canonical JSON, no commitment anyone could match, not even the same call again.
        let fraction: JSONValue = ["method": "m.sas.v1", "n": .double(1.5)]
        #expect(SASCommitment.of(publicKey: "key", startContent: fraction) != SASCommitment.of(publicKey: "key", startContent: fraction))
    }

    @Test func emojiTableIsTheSpecs() {
        #expect(SASEmoji.all.count == 64)
        #expect(SASEmoji.all.map(\.index) == Array(0..<64))
        #expect(Set(SASEmoji.all.map(\.symbol)).count == 64 && Set(SASEmoji.all.map(\.name)).count == 64)
        #expect(SASEmoji.all[0] == SASEmoji.all.first { $0.symbol == "🐶" } && SASEmoji.all[0].name == "Dog")
        #expect(SASEmoji.all[63].symbol == "📌" && SASEmoji.all[63].name == "Pin")
        // sas-emoji-v1 keeps the spanner; the star is a draft "SAS v2" proposal's, not the spec's.
        #expect(SASEmoji.all[34].symbol == "🔧" && SASEmoji.all[34].name == "Spanner")
        #expect(SASEmoji.all[21].symbol.unicodeScalars.map(\.value) == [0x2601, 0xFE0F] && SASEmoji.all[21].name == "Cloud")
        #expect(SASEmoji.all[36].name == "Thumbs Up" && SASEmoji.all[41].name == "Light Bulb")
    }

    private func verify(
        _ receiver: EstablishedSAS, _ content: (mac: [String: String], keys: String), known: [String: String]? = nil
    ) throws(SASMACError) -> Set<String> {
        try receiver.verifiedKeyIDs(
            mac: content.mac, keys: content.keys, known: known ?? aliceKeys, sender: alice, receiver: bob,
            transactionID: transactionID
        )
    }
}
