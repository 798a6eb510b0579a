import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A new recovery key stands on a line of its own, and the sentences around it are never broken
/// by it, on a terminal of any width, in both languages.
@Suite struct RecoveryKeyTextTests {
    static let key = "EsTV i3LB ApaH 1Vb3 1qm8 eN3k Fw1a 7qTz LnpN 4mCZ Q3Tk yHxD"

    @Test(arguments: ["en", "de"], [40, 80, 200])
    func theKeyHasALineOfItsOwnAndTheSentencesFitTheWidth(language: String, width: Int) throws {
        try L10n.$languageOverride.withValue(language) {
            let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)), width: width)
            let lines = renderer.lines(for: Report(content: .result(command: "recovery", outcome: .trust(.recoverySetUp(
                recoveryKey: Self.key, backupVersion: "1", alreadyShown: false))), location: nil))
            #expect(lines.filter { $0.contains("EsTV") } == [Self.key], "\(lines)")
            // Before the key its introduction, after it the warning, then that recovery is set up.
            let keyLine = try #require(lines.firstIndex(of: Self.key))
            let before = lines[..<keyLine], after = lines[(keyLine + 1)...].dropLast()
            #expect(before.joined(separator: " ") == L10n.screenRecoveryKeyIntro, "\(lines)")
            #expect(after.joined(separator: " ") == L10n.screenRecoveryKeyWarning, "\(lines)")
            #expect((before + after).allSatisfy { TextLayout.visibleLength($0) <= width }, "\(lines)")
        }
    }

    /// The interactive shell's question after the key is short and holds no key: what it says
    /// with the key goes above it, from the same lines.
    @Test(arguments: ["en", "de"])
    func theQuestionAfterTheKeyHoldsNoKey(language: String) {
        L10n.$languageOverride.withValue(language) {
            #expect(!L10n.screenRecoveryKeySavedConfirm.contains("%"))
            #expect(TextLayout.visibleLength(L10n.screenRecoveryKeySavedConfirm) < 80)
        }
    }
}
