import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A verification with someone covers only the device compared while either side has no
/// cross-signing identity: `/whois` and the end of a verification say who lacks it, and that
/// `/recovery setup` on their side is the way.
@Suite struct CrossSigningHintTextTests {
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))

    func text(_ outcome: Outcome) -> [String] {
        L10n.$languageOverride.withValue("en") { renderer.lines(for: Report(content: .result(command: "whois", outcome: outcome), location: nil)) }
    }

    static func done(_ gaps: CrossSigningGaps) -> VerificationSummary {
        var summary = VerificationSummary(
            number: 2, flowID: "F2", otherUserID: "@bob:hs", isOwnUser: false, otherDeviceID: "BOBPHONE", roomID: "!dm:hs", isIncoming: false,
            state: .done, emojiIndices: nil, decimals: nil, qrCode: nil, outcome: .init(device: true, identity: false, requestedSecrets: false))
        summary.crossSigningGaps = gaps
        return summary
    }

    @Test func whoisNamesWhoLacksCrossSigningAndTheWayToIt() {
        var bob = IdentitySummary(userID: "@bob:hs", masterKey: nil, state: .none, devices: [])
        bob.crossSigningGaps = CrossSigningGaps(ownUserID: "@alice:hs", otherUserID: "@bob:hs")
        #expect(text(.trust(.identity(IdentityView(bob)))) == [
            "You have not set up cross-signing, so verifying someone covers only the device you compared, not the person: /recovery setup sets it up.",
            "@bob:hs has not set up cross-signing, so verifying them covers only the device you compared, not the person: "
                + "they need to run /recovery setup (or set up recovery in their app) on their side.",
        ])
        let json = JSONRenderer.object(for: Report(content: .result(command: "whois", outcome: .trust(.identity(IdentityView(bob)))), location: nil))
        #expect(json["without_cross_signing"] == ["@alice:hs", "@bob:hs"])

        let carol = IdentitySummary(userID: "@carol:hs", masterKey: "bWFzdGVy", state: .notVerified, devices: [])
        #expect(text(.trust(.identity(IdentityView(carol)))).count == 2, "both have identities: the state and the master key, no hint")
    }

    /// On a terminal narrower than the hint, it breaks between words, as every line of the
    /// shell's own does, not wherever the terminal's width happens to end.
    @Test func theHintBreaksAtWordsOnANarrowTerminal() {
        let narrow = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)), width: 50)
        let lines = L10n.$languageOverride.withValue("en") {
            narrow.lines(for: Report(content: .verification(Self.done(CrossSigningGaps(ownUserID: "@alice:hs"))), location: nil))
        }
        #expect(lines == [
            "✓ @bob:hs's device BOBPHONE is verified.",
            "You have not set up cross-signing, so verifying",
            "someone covers only the device you compared, not",
            "the person: /recovery setup sets it up.",
        ])
    }

    @Test func theEndOfAVerificationSaysWhyThePersonIsNotVerified() {
        let lines = L10n.$languageOverride.withValue("en") {
            renderer.lines(for: Report(content: .verification(Self.done(CrossSigningGaps(otherUserID: "@bob:hs"))), location: nil))
        }
        #expect(lines.first == "✓ @bob:hs's device BOBPHONE is verified.")
        #expect(lines.dropFirst().first?.hasPrefix("@bob:hs has not set up cross-signing") == true, "\(lines)")
        #expect(lines.count == 2)
        let german = L10n.$languageOverride.withValue("de") {
            renderer.lines(for: Report(content: .verification(Self.done(CrossSigningGaps(ownUserID: "@alice:hs"))), location: nil))
        }
        #expect(german.last?.contains("/recovery setup") == true)
        let json = JSONRenderer.object(for: Report(content: .verification(Self.done(CrossSigningGaps(ownUserID: "@alice:hs"))), location: nil))
        #expect(json["without_cross_signing"] == ["@alice:hs"])
    }
}
