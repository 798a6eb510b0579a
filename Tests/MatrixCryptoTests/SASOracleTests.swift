import Foundation
import MatrixCrypto
import Testing

/// SAS verification between MatrixCrypto and vodozemac, each with a key of its own; needs the
/// dev venv (Scripts/test).
@Suite(.enabled(if: VodozemacOracle.isAvailable, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct SASOracleTests {
    private let swiftSide = SASParty(userID: "@alice:localhost", deviceID: "ALICEDEVICE")
    private let vodozemacSide = SASParty(userID: "@bob:localhost", deviceID: "BOBDEVICE")
    private let transactionID = "Nc3XqHf2TpYzUe8k"

    /// Swift starts, vodozemac accepts: both show the same emoji and numbers, for the real info
    /// and for fifty more (so the mapping meets many byte patterns), and compute the same MACs.
    @Test(arguments: 1...3)
    func bothSidesDeriveTheSameStringsAndMACs(round: Int) async throws {
        let ours = SASKeyAgreement()
        let (dialogue, theirKey) = try await agree(ours.publicKey)
        let sas = try ours.establish(with: theirKey)
        let info = SASInfo.shortAuthenticationString(
            starting: swiftSide, startingKey: ours.publicKey, accepting: vodozemacSide, acceptingKey: theirKey,
            transactionID: transactionID
        )
        let infos = [info, "", "é ✓ \(round)"] + (0..<50).map { _ in "random \(UInt64.random(in: .min ... .max))" }
        let macs = [("Hello world!", "MAC"), ("", ""), ("ed25519:ALICEDEVICE", info)]
        let answer = try await dialogue.send([
            "infos": infos, "macs": macs.map { ["input": $0.0, "info": $0.1] },
        ])
        let derived = try #require(answer["sas"] as? [[String: [Int]]])
        #expect(derived.map { $0["emoji_indices"] } == infos.map { ShortAuthenticationString.emojiIndices(sas.bytes(info: $0, count: 6)) })
        #expect(derived.map { $0["decimals"] } == infos.map { sas.decimals(info: $0) })
        #expect(derived.first?["emoji_indices"] == sas.emoji(info: info).map(\.index))

        let ourMACs = macs.map { sas.mac(of: $0.0, info: $0.1) }
        #expect(answer["macs"] as? [String] == ourMACs)
        let broken = try ourMACs.map { LibolmBase64.brokenEncoding(of: Array(try #require(Data(unpaddedBase64: $0)))) }
        #expect(answer["invalid_base64_macs"] as? [String] == broken)
        try await dialogue.end()
    }

    /// Each side checks the other's `m.key.verification.mac`; a changed MAC is refused by both.
    @Test func eachSideVerifiesTheOthersMACs() async throws {
        let ours = SASKeyAgreement()
        let (dialogue, theirKey) = try await agree(ours.publicKey)
        let sas = try ours.establish(with: theirKey)
        let master = "J+5An10v1vzZpAXTYFokD1/PEVccFnLC61EfRXit0UY"
        let ourKeys = ["ed25519:ALICEDEVICE": "YI/7vbGVLpGdYtuceQR8MSsKB/QjgfMXM1xqnn+0NWU", "ed25519:\(master)": master]
        let ourContent = sas.macContent(for: ourKeys, sender: swiftSide, receiver: vodozemacSide, transactionID: transactionID)
        func ourInfo(_ keyID: String) -> String {
            SASInfo.mac(sender: swiftSide, receiver: vodozemacSide, transactionID: transactionID, keyID: keyID)
        }
        var checks = ourContent.mac.map { keyID, mac in ["input": ourKeys[keyID]!, "info": ourInfo(keyID), "mac": mac] }
        checks.append(["input": "ed25519:ALICEDEVICE,ed25519:\(master)", "info": ourInfo(SASInfo.keyListID), "mac": ourContent.keys])
        let forged = ["input": ourKeys["ed25519:ALICEDEVICE"]!, "info": ourInfo("ed25519:ALICEDEVICE"), "mac": ourContent.keys]
        let otherReceiver = ["input": "ed25519:ALICEDEVICE,ed25519:\(master)", "info": ourInfo(SASInfo.keyListID) + "X", "mac": ourContent.keys]

        let theirDevice = "L6s8Y2PXFQsdNpD2Jx8pv+JwE1ObqGzS9TSVQmPVO1c"
        func theirInfo(_ keyID: String) -> String {
            SASInfo.mac(sender: vodozemacSide, receiver: swiftSide, transactionID: transactionID, keyID: keyID)
        }
        let answer = try await dialogue.send([
            "verify": checks + [forged, otherReceiver],
            "macs": [
                ["input": theirDevice, "info": theirInfo("ed25519:BOBDEVICE")],
                ["input": "ed25519:BOBDEVICE", "info": theirInfo(SASInfo.keyListID)],
            ],
        ])
        #expect(answer["valid"] as? [Bool] == Array(repeating: true, count: checks.count) + [false, false])

        let theirMACs = try #require(answer["macs"] as? [String])
        let known = ["ed25519:BOBDEVICE": theirDevice]
        let verified = try sas.verifiedKeyIDs(
            mac: ["ed25519:BOBDEVICE": theirMACs[0]], keys: theirMACs[1], known: known,
            sender: vodozemacSide, receiver: swiftSide, transactionID: transactionID
        )
        #expect(verified == ["ed25519:BOBDEVICE"])
        #expect(throws: SASMACError.keyMismatch) {
            try sas.verifiedKeyIDs(
                mac: ["ed25519:BOBDEVICE": theirMACs[0]], keys: theirMACs[1], known: ["ed25519:BOBDEVICE": master],
                sender: vodozemacSide, receiver: swiftSide, transactionID: transactionID
            )
        }
        #expect(!sas.isValidMAC(theirMACs[0], of: theirDevice, info: ourInfo("ed25519:BOBDEVICE")))
        try await dialogue.end()
    }

    /// vodozemac refuses the keys MatrixCrypto refuses: small order (the shared secret would be
    /// zero) and the wrong length.
    @Test(arguments: SASTests.refusedKeys)
    func bothSidesRefuseTheSameKeys(key: String) async throws {
        #expect(throws: MatrixCryptoError.self) { try SASKeyAgreement().establish(with: key) }
        let dialogue = try VodozemacOracle.dialogue()
        _ = try await dialogue.send(["command": "sas"])
        let answer = try await dialogue.send(["their_public_key": key])
        #expect(answer["error"] is String)
        try await dialogue.end()
    }

    /// Starts vodozemac's side and hands it our key: the dialogue, ready to derive, and its key.
    private func agree(_ ourKey: String) async throws -> (PythonOracle.Dialogue, String) {
        let dialogue = try VodozemacOracle.dialogue()
        let theirKey = try #require(try await dialogue.send(["command": "sas"])["public_key"] as? String)
        let answer = try await dialogue.send(["their_public_key": ourKey])
        #expect(answer["error"] == nil)
        return (dialogue, theirKey)
    }
}
