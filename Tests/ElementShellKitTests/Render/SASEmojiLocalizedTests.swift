import MatrixCrypto
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The emoji names people read out when they compare: the spec's English descriptions and its
/// table's German translations (data-definitions/sas-emoji.json).
@Suite struct SASEmojiLocalizedTests {
    @Test func englishNamesAreTheSpecsDescriptions() {
        L10n.$languageOverride.withValue("en") {
            #expect(SASEmoji.all.map(\.localizedName) == SASEmoji.all.map(\.name))
        }
    }

    @Test func germanNamesAreTheSpecsTranslations() {
        L10n.$languageOverride.withValue("de") {
            let names = SASEmoji.all.map(\.localizedName)
            #expect(names[0] == "Hund" && names[34] == "Schraubenschlüssel" && names[36] == "Daumen Hoch")
            #expect(names[41] == "Glühbirne" && names[63] == "Stecknadel")
            #expect(Set(names).count == 64)
            let german = LocalizationTables.tables["de"] ?? [:]
            #expect(names.allSatisfy { name in german.values.contains(name) && !name.hasPrefix("screen_") })
        }
    }
}
