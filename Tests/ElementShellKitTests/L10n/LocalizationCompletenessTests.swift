import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct LocalizationCompletenessTests {
    static let source = LocalizationTables.tables[LocalizationTables.sourceLanguage] ?? [:]
    static let translations = LocalizationTables.tables.filter { $0.key != LocalizationTables.sourceLanguage }

    @Test func shipsEnglishAndGerman() {
        #expect(Set(LocalizationTables.tables.keys).isSuperset(of: ["en", "de"]))
        #expect(Self.source.count > 100)
    }

    @Test(arguments: translations.keys.sorted())
    func everyLanguageHasEveryKey(language: String) {
        let table = Self.translations[language] ?? [:]
        let missing = Set(Self.source.keys).subtracting(table.keys).sorted()
        let extra = Set(table.keys).subtracting(Self.source.keys).sorted()
        #expect(missing.isEmpty, "\(language) lacks \(missing)")
        #expect(extra.isEmpty, "\(language) has keys English lacks: \(extra)")
    }

    @Test(arguments: translations.keys.sorted())
    func placeholdersMatchTheSource(language: String) {
        let table = Self.translations[language] ?? [:]
        for (key, value) in Self.source {
            guard let translated = table[key] else { continue }
            #expect(Self.placeholders(in: translated) == Self.placeholders(in: value), "\(language).\(key)")
        }
    }

    @Test func keysFollowElementsNamingRules() {
        let prefixes = ["action_", "common_", "screen_", "error_", "a11y_"]
        for key in Self.source.keys {
            #expect(prefixes.contains { key.hasPrefix($0) }, "\(key)")
            #expect(key == key.lowercased() && !key.contains(" "), "\(key)")
        }
    }

    @Test func numberedPlaceholdersOnly() {
        for (key, value) in Self.source {
            #expect(!value.contains("%@") && !value.contains("%d") && !value.contains("%s"), "\(key) uses an unnumbered placeholder")
        }
    }

    @Test func missingKeysFallBackToEnglish() {
        L10n.$languageOverride.withValue("xx") {
            #expect(L10n.commonYes == "yes")
        }
        L10n.$languageOverride.withValue("de") {
            #expect(L10n.commonYes == "ja")
            #expect(L10n.errorUnknownCommand("foo") == "Es gibt keinen Befehl /foo.")
        }
    }

    /// The set of `%N$x` markers, which must agree between languages (order may differ).
    static func placeholders(in value: String) -> Set<String> {
        var found: Set<String> = []
        var rest = value[...]
        while let percent = rest.firstIndex(of: "%") {
            let after = rest[rest.index(after: percent)...]
            let digits = after.prefix(while: \.isNumber)
            let tail = after[digits.endIndex...]
            if !digits.isEmpty, tail.first == "$", let kind = tail.dropFirst().first {
                found.insert("%\(digits)$\(kind)")
            }
            rest = after
        }
        return found
    }
}
