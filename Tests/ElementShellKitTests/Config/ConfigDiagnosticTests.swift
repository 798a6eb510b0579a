import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct ConfigDiagnosticTests {
    private func parse(_ yaml: String) -> (config: ShellConfig, diagnostics: [ConfigDiagnostic]) {
        ConfigLoader.parse(yaml: yaml, file: "test.yaml")
    }

    private func diagnostic(_ line: Int, _ column: Int, _ problem: ConfigProblem) -> ConfigDiagnostic {
        ConfigDiagnostic(file: "test.yaml", line: line, column: column, problem: problem)
    }

    @Test func unknownKeysAreReportedWithPositionAndSuggestion() {
        let (config, diagnostics) = parse("""
        default_profil: clap
        settings:
          colour: never
        profiles:
          clap:
            acent_color: red
            app_name: Clapper
            developer: { show_developer_setting: true, wholly_unrelated: 1 }
        """)
        #expect(diagnostics == [
            diagnostic(1, 1, .unknownKey("default_profil", suggestion: "default_profile")),
            diagnostic(3, 3, .unknownKey("colour", suggestion: "color")),
            diagnostic(6, 5, .unknownKey("acent_color", suggestion: "accent_color")),
            diagnostic(8, 18, .unknownKey("show_developer_setting", suggestion: "show_developer_settings")),
            diagnostic(8, 48, .unknownKey("wholly_unrelated", suggestion: nil)),
        ])
        // Everything else still applies.
        #expect(config.profile(named: "clap")?.appName == "Clapper")
        #expect(config.profile(named: "clap")?.accentColor == .named(.magenta))
        #expect(config.defaultProfile == "element")
    }

    @Test func typeMismatchesAreReportedAtTheValue() {
        let (config, diagnostics) = parse("""
        settings: [color, never]
        homeservers:
          mine: example.org
        profiles:
          clap:
            homeservers: clap
            app_name: [Clap]
            developer:
              group_space_rooms: "false"
              show_custom_homeserver: yes
        """)
        #expect(diagnostics == [
            diagnostic(1, 11, .typeMismatch(key: "settings", expected: .mapping)),
            diagnostic(3, 9, .typeMismatch(key: "homeservers.mine", expected: .mapping)),
            diagnostic(6, 18, .typeMismatch(key: "profiles.clap.homeservers", expected: .list)),
            diagnostic(7, 15, .typeMismatch(key: "profiles.clap.app_name", expected: .text)),
            diagnostic(9, 26, .typeMismatch(key: "profiles.clap.developer.group_space_rooms", expected: .boolean)),
        ])
        #expect(config.homeservers["mine"] == nil)
        let clap = ShellConfig.default.profile(named: "clap")
        #expect(config.profile(named: "clap")?.developer.groupSpaceRooms == clap?.developer.groupSpaceRooms)
        #expect(config.profile(named: "clap")?.developer.showCustomHomeserver == true)
        #expect(config.profile(named: "clap")?.appName == "Clap")
    }

    @Test func documentThatIsNotAMappingIsReported() {
        let (config, diagnostics) = parse("just some words\n")
        #expect(diagnostics == [diagnostic(1, 1, .typeMismatch(key: "", expected: .mapping))])
        #expect(config == .default)
    }

    @Test func invalidValuesAreReportedAndKeepBuiltIns() {
        let (config, diagnostics) = parse("""
        settings:
          color: sometimes
          history_size: -1
          request_timeout: 0
          language: "!!"
          log_level: loud
        homeservers:
          bad: { server_name: "https://bad.example", url: "ftp://bad.example" }
        profiles:
          clap:
            accent_color: mauve
            website_url: clap.ac
            prompt_format: "{app} {usr}> "
        """)
        #expect(diagnostics == [
            diagnostic(2, 10, .invalidValue(key: "settings.color", value: "sometimes",
                                            expected: .oneOf(["auto", "always", "never"]))),
            diagnostic(3, 17, .invalidValue(key: "settings.history_size", value: "-1", expected: .integer(0...1_000_000))),
            diagnostic(4, 20, .invalidValue(key: "settings.request_timeout", value: "0", expected: .integer(1...600))),
            diagnostic(5, 13, .invalidValue(key: "settings.language", value: "!!", expected: .languageCode)),
            diagnostic(6, 14, .invalidValue(key: "settings.log_level", value: "loud",
                                            expected: .oneOf(LogLevel.allCases.map(\.rawValue)))),
            diagnostic(8, 3, .homeserverWithoutAddress("bad")),
            diagnostic(8, 23, .invalidValue(key: "homeservers.bad.server_name", value: "https://bad.example",
                                            expected: .serverName)),
            diagnostic(8, 51, .invalidValue(key: "homeservers.bad.url", value: "ftp://bad.example", expected: .url)),
            diagnostic(11, 19, .invalidValue(key: "profiles.clap.accent_color", value: "mauve", expected: .color)),
            diagnostic(12, 18, .invalidValue(key: "profiles.clap.website_url", value: "clap.ac", expected: .url)),
            diagnostic(13, 20, .invalidValue(key: "profiles.clap.prompt_format", value: "{usr}", expected: .promptFormat)),
        ])
        #expect(config == .default)
    }

    @Test func syntaxErrorGivesOneDiagnosticWithPositionAndDefaults() throws {
        let (config, diagnostics) = parse("""
        settings:
          color: auto
         history_size: 10
        """)
        #expect(config == .default)
        let only = try #require(diagnostics.count == 1 ? diagnostics.first : nil)
        #expect((only.line, only.column) == (3, 2))
        guard case .syntax(let message) = only.problem else {
            Issue.record("expected a syntax problem, got \(only.problem)")
            return
        }
        #expect(message == "while parsing a block mapping, did not find expected key")
    }

    @Test func unclosedFlowMappingIsASyntaxError() {
        let (_, diagnostics) = parse("profiles: { clap: { app_name: X }\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 2)
        if case .syntax = diagnostics.first?.problem {} else { Issue.record("not a syntax problem: \(diagnostics)") }
    }

    @Test func controlCharacterIsAReaderErrorWithItsPosition() {
        let (config, diagnostics) = parse("settings:\n  color: a\u{1}b\n")
        #expect(config == .default)
        #expect(diagnostics.map { [$0.line, $0.column] } == [[2, 11]])
    }

    @Test func duplicateKeysAreReported() {
        let (config, diagnostics) = parse("""
        default_profile: clap
        default_profile: element
        """)
        #expect(config == .default)
        #expect(diagnostics == [diagnostic(1, 1, .duplicateKey("default_profile"))])
    }

    @Test func unknownReferencesAreReportedAndTheBaseValueKept() throws {
        let (config, diagnostics) = parse("""
        default_profile: work
        profiles:
          clap:
            default_homeserver: clap-staging
            development_homeserver: nowhere
            homeservers: [clap, elsewhere]
        """)
        #expect(diagnostics == [
            diagnostic(1, 18, .unknownProfile("work")),
            diagnostic(4, 25, .unknownHomeserver("clap-staging")),
            diagnostic(5, 29, .unknownHomeserver("nowhere")),
            diagnostic(6, 25, .unknownHomeserver("elsewhere")),
        ])
        #expect(config == .default)
    }

    @Test func referencesToAnEntryWithoutAddressAreNotReportedTwice() {
        let (config, diagnostics) = parse("""
        homeservers:
          empty: {}
        profiles:
          clap: { default_homeserver: empty }
        """)
        #expect(diagnostics == [diagnostic(2, 3, .homeserverWithoutAddress("empty"))])
        #expect(config.homeservers["empty"] == nil)
        #expect(config.profile(named: "clap")?.defaultHomeserver == "clap")
    }

    @Test func clearingTheAddressOfABuiltInEntryKeepsTheBuiltIn() {
        let (config, diagnostics) = parse("homeservers: { clap: { server_name: ~ } }")
        #expect(diagnostics == [diagnostic(1, 16, .homeserverWithoutAddress("clap"))])
        #expect(config.homeservers["clap"] == ShellConfig.default.homeservers["clap"])
    }

    @Test func nonTextMappingKeyIsReported() {
        let (_, diagnostics) = parse("profiles:\n  [a, b]: {}\n")
        #expect(diagnostics == [diagnostic(2, 3, .typeMismatch(key: "profiles", expected: .text))])
    }
}
