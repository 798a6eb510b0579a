import Synchronization

/// Every user-facing string. The typed accessors (`L10n.actionLogin`, `L10n.errorUnknownCommand(_:)`)
/// are generated from `Localizations/` at build time; this file holds the lookup they share.
public enum L10n {
    private static let current = Mutex(LocalizationTables.sourceLanguage)

    /// The language strings are looked up in; keys it lacks fall back to the source language.
    public static var language: String {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// A language for the current task only, which wins over `language`: lets concurrent work
    /// (tests, above all) render in a language without changing it for everyone else.
    @TaskLocal public static var languageOverride: String?

    /// Languages with a table, sorted.
    public static var availableLanguages: [String] {
        LocalizationTables.tables.keys.sorted()
    }

    static func string(_ key: String, arguments: [String] = []) -> String {
        let table = LocalizationTables.tables[languageOverride ?? language]
        let template = table?[key] ?? LocalizationTables.tables[LocalizationTables.sourceLanguage]?[key] ?? key
        return PlaceholderFormatter.format(template, arguments: arguments)
    }
}
