import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct LanguageResolverTests {
    @Test func environmentVariablesInPosixOrder() {
        #expect(LanguageResolver.language(setting: nil, environment: ["LANG": "de_DE.UTF-8"]) == "de")
        #expect(LanguageResolver.language(setting: nil, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_GB.UTF-8"]) == "en")
        #expect(LanguageResolver.language(setting: nil, environment: ["LANG": "en_GB", "LC_MESSAGES": "de_AT"]) == "de")
        #expect(LanguageResolver.language(setting: nil, environment: ["LC_ALL": "", "LANG": "de"]) == "de")
    }

    @Test func theSettingWinsOverTheEnvironment() {
        #expect(LanguageResolver.language(setting: "en", environment: ["LANG": "de_DE.UTF-8"]) == "en")
        #expect(LanguageResolver.language(setting: "de-CH", environment: [:]) == "de")
    }

    @Test func unknownOrPosixLocalesFallBackToEnglish() {
        #expect(LanguageResolver.language(setting: nil, environment: [:]) == "en")
        #expect(LanguageResolver.language(setting: nil, environment: ["LANG": "C.UTF-8"]) == "en")
        #expect(LanguageResolver.language(setting: nil, environment: ["LANG": "fr_FR.UTF-8"]) == "en")
    }
}
