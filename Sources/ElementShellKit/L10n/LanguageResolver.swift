/// The language to speak: the `language` setting, else the first of `LC_ALL`, `LC_MESSAGES` and
/// `LANG` that is set, reduced to a language we have (`de_DE.UTF-8` → `de`), else the source language.
public enum LanguageResolver {
    public static func language(setting: String?, environment: [String: String], available: [String] = L10n.availableLanguages) -> String {
        let requested = setting ?? ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let requested else { return LocalizationTables.sourceLanguage }
        let code = requested.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        return available.contains(code) ? code : LocalizationTables.sourceLanguage
    }
}
