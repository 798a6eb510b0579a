import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The verification steps of a QR code: the code in half blocks under what to do with it, the
/// question once it was scanned, and the bytes in `--output json` for a scanning script.
@Suite struct VerificationQRCodeTextTests {
    let text = VerificationText(theme: Theme(usesColor: false, accent: .named(.green)))

    func summary(_ state: VerificationSummary.State, qrCode: [UInt8]?, outcome: VerificationSummary.Outcome? = nil) -> VerificationSummary {
        VerificationSummary(number: 3, flowID: "F3", otherUserID: "@alice:hs", isOwnUser: true, otherDeviceID: "PHONE", roomID: nil,
                            isIncoming: true, state: state, emojiIndices: nil, decimals: nil, qrCode: qrCode, outcome: outcome)
    }

    func code() throws -> [UInt8] {
        try VerificationQRData(mode: .selfVerifyingNotTrustingMasterKey, flowID: "F3", firstKey: Data(repeating: 1, count: 32).unpaddedBase64,
                               secondKey: Data(repeating: 2, count: 32).unpaddedBase64).encoded
    }

    @Test func theCodeIsShownUnderHowToScanItOrChooseEmoji() throws {
        let bytes = try code()
        let lines = L10n.$languageOverride.withValue("en") { text.lines(for: summary(.showingQRCode, qrCode: bytes)) }
        #expect(lines.first == "Verification 3: scan this code with Element on your other session, or compare emoji instead: /verification emoji 3")
        #expect(Array(lines.dropFirst()) == QRCodeText.lines(for: try QRCode(bytes: bytes)))
    }

    /// A screen reader cannot show a picture to a camera: it is told how to compare emoji
    /// instead, and then hears their names in order.
    @Test func aScreenReaderIsOfferedEmojiAndHearsTheirNames() throws {
        let spoken = VerificationText(theme: Theme(usesColor: false, accent: .named(.green), forScreenReader: true))
        let bytes = try code()
        let comparing = VerificationSummary(number: 3, flowID: "F3", otherUserID: "@alice:hs", isOwnUser: true, otherDeviceID: "PHONE", roomID: nil,
                                            isIncoming: true, state: .comparing, emojiIndices: [0, 1, 2, 3, 4, 5, 63], decimals: nil, qrCode: nil, outcome: nil)
        let english = L10n.$languageOverride.withValue("en") { spoken.lines(for: summary(.showingQRCode, qrCode: bytes)) + spoken.lines(for: comparing) }
        #expect(english == [
            "Verification 3: your other session may scan a code, which is not shown to a screen reader; to compare emoji instead, type /verification emoji 3",
            "Verification 3 with your session PHONE: do these emoji appear on the other screen, in this order?",
            "The emoji, in order: Dog, Cat, Lion, Horse, Unicorn, Pig, Pin.",
            "If they match: /verification confirm 3; if not: /verification mismatch 3",
        ])
        let german = L10n.$languageOverride.withValue("de") { spoken.lines(for: comparing) }
        #expect(german[1] == "Die Emoji der Reihe nach: Hund, Katze, Löwe, Pferd, Einhorn, Schwein, Stecknadel.")
    }

    @Test(arguments: ["en", "de"]) func aScannedCodeAsksWhatTheOtherDeviceSays(language: String) {
        let lines = L10n.$languageOverride.withValue(language) { text.lines(for: summary(.reciprocated, qrCode: nil)) }
        let expected = [
            "en": "Verification 3: does your session PHONE say it scanned this code? /verification confirm 3 or /verification mismatch 3",
            "de": "Verifizierung 3: Wurde dieser Code laut deiner Sitzung PHONE gescannt? /verification confirm 3 oder /verification mismatch 3",
        ]
        #expect(lines == [expected[language]!])
    }

    /// A scanned code proves another user's master key, not their device: when signing that key
    /// failed, the end must not claim anything was verified.
    @Test func anEndThatVerifiedNothingSaysSo() {
        let nothing = summary(.done, qrCode: nil, outcome: .init(device: false, identity: false, requestedSecrets: false))
        let lines = L10n.$languageOverride.withValue("en") { text.lines(for: nothing) }
        #expect(lines == ["Verification 3 with your session PHONE ended, but nothing could be marked verified here."])
    }

    @Test func jsonCarriesTheCodesBytes() throws {
        let bytes = try code()
        let json = summary(.showingQRCode, qrCode: bytes).json
        #expect(json["state"] == "showing_qr_code")
        #expect(json["qr_code"]?.string.flatMap { Data(base64Encoded: $0) }.map(Array.init) == bytes)
        #expect(summary(.reciprocated, qrCode: nil).json["qr_code"] == nil)
    }
}
