import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct ConfigMergingTests {
    private func parseCleanly(_ yaml: String) -> ShellConfig {
        let (config, diagnostics) = ConfigLoader.parse(yaml: yaml, file: "test.yaml")
        #expect(diagnostics == [])
        return config
    }

    @Test func builtInProfileOverrideChangesOnlyWhatItSets() throws {
        let config = parseCleanly("profiles: { clap: { accent_color: \"#FF00aa\" } }")
        var expected = try #require(ShellConfig.default.profile(named: "clap"))
        expected.accentColor = .rgb(red: 255, green: 0, blue: 170)
        #expect(config.profile(named: "clap") == expected)
        #expect(config.profile(named: "element") == ShellConfig.default.profile(named: "element"))
        #expect(config.homeservers == ShellConfig.default.homeservers)
    }

    @Test func newProfileStartsFromElement() throws {
        let config = parseCleanly("""
        default_profile: work
        homeservers:
          work: { url: "https://matrix.example.com" }
        profiles:
          work:
            app_name: Work
            default_homeserver: work
            developer: { show_custom_homeserver: false }
        """)
        #expect(config.defaultProfile == "work")
        #expect(config.homeservers["work"]
            == HomeserverEntry(name: "work", serverName: nil, url: "https://matrix.example.com"))
        let element = try #require(ShellConfig.default.profile(named: "element"))
        let work = try #require(config.profile(named: "work"))
        #expect(work.name == "work")
        #expect(work.appName == "Work")
        #expect(work.defaultHomeserver == "work")
        #expect(work.homeservers == ["work"])
        #expect(work.promptFormat == element.promptFormat)
        #expect(work.accentColor == element.accentColor)
        #expect(work.websiteURL == element.websiteURL)
        #expect(work.developer == DeveloperOptions(
            showCustomHomeserver: false, groupSpaceRooms: element.developer.groupSpaceRooms,
            showDeveloperSettings: element.developer.showDeveloperSettings))
    }

    @Test func profileSettingsOverrideGlobalSettingsWhichOverrideBuiltIns() throws {
        let config = parseCleanly("""
        settings: { color: never, history_size: 50, language: de }
        profiles:
          clap:
            settings: { history_size: 0, language: ~, log_level: debug }
          fresh: {}
        """)
        let element = try #require(config.profile(named: "element")?.settings)
        #expect(element == Settings(language: "de", color: .never, historySize: 50, requestTimeout: 30,
                                    caFile: nil, logLevel: .info, timelineSize: 500, markdown: true))
        let clap = try #require(config.profile(named: "clap")?.settings)
        #expect(clap == Settings(language: nil, color: .never, historySize: 0, requestTimeout: 30,
                                 caFile: nil, logLevel: .debug, timelineSize: 500, markdown: true))
        #expect(config.profile(named: "fresh")?.settings == element)
    }

    @Test func homeserverListAlwaysIncludesDefaultAndDevelopment() {
        let config = parseCleanly("""
        homeservers:
          staging: { server_name: staging.clap.ac }
        profiles:
          clap:
            homeservers: [staging, clap]
          element:
            development_homeserver: clap-dev
        """)
        #expect(config.profile(named: "clap")?.homeservers == ["clap", "clap-dev", "staging"])
        #expect(config.profile(named: "element")?.developmentHomeserver == "clap-dev")
        #expect(config.profile(named: "element")?.homeservers == ["matrix.org", "clap-dev"])
    }

    @Test func changingTheDefaultHomeserverReplacesItInTheList() {
        let config = parseCleanly("""
        homeservers: { staging: { server_name: staging.clap.ac } }
        profiles: { clap: { default_homeserver: staging, development_homeserver: ~ } }
        """)
        #expect(config.profile(named: "clap")?.defaultHomeserver == "staging")
        #expect(config.profile(named: "clap")?.developmentHomeserver == nil)
        #expect(config.profile(named: "clap")?.homeservers == ["staging"])
    }

    @Test func builtInHomeserverEntryCanBePointedAtAURL() {
        let config = parseCleanly("homeservers: { matrix.org: { url: \"http://localhost:8008\" } }")
        #expect(config.homeservers["matrix.org"]
            == HomeserverEntry(name: "matrix.org", serverName: "matrix.org", url: "http://localhost:8008"))
    }

    @Test func aProfilesOIDCOptionsComeFromItsSection() throws {
        let config = parseCleanly("""
        profiles:
          clap:
            oidc:
              logo_uri: https://clap.ac/logo.png
              policy_uri: https://clap.ac/privacy
              static_registrations:
                "https://auth.clap.ac/": 01CLAPCLIENT
        """)
        let clap = try #require(config.profile(named: "clap"))
        #expect(clap.oidc == OIDCOptions(logoURI: "https://clap.ac/logo.png", policyURI: "https://clap.ac/privacy",
                                         staticRegistrations: ["https://auth.clap.ac/": "01CLAPCLIENT"]))
        let registration = ClientRegistration(for: clap)
        let body = try JSONSerialization.jsonObject(with: JSONEncoder().encode(registration)) as? [String: Any]
        #expect(body?["client_name"] as? String == "Clap" && body?["client_uri"] as? String == "https://clap.ac", "the website when unset")
        #expect(body?["logo_uri"] as? String == "https://clap.ac/logo.png" && body?["policy_uri"] as? String == "https://clap.ac/privacy")
        #expect(body?["tos_uri"] == nil, "left out, not null")
        #expect(config.profile(named: "element")?.oidc == OIDCOptions(), "the other profile keeps its own")

        let (_, diagnostics) = ConfigLoader.parse(yaml: "profiles:\n  clap:\n    oidc:\n      logo_uri: not a url\n", file: "t.yaml")
        #expect(diagnostics.count == 1)
    }

    @Test func emptySectionsChangeNothing() {
        #expect(parseCleanly("settings:\nhomeservers:\nprofiles:\n") == .default)
        #expect(parseCleanly("profiles: { clap: }") == .default)
    }

    @Test func booleansAcceptYAMLSpellings() {
        let config = parseCleanly("""
        profiles: { clap: { developer: { show_developer_settings: yes, group_space_rooms: off } } }
        """)
        #expect(config.profile(named: "clap")?.developer.showDeveloperSettings == true)
        #expect(config.profile(named: "clap")?.developer.groupSpaceRooms == false)
    }

    @Test func norwegianIsALanguageNotABoolean() {
        let config = parseCleanly("settings: { language: no }")
        #expect(config.profile(named: "element")?.settings.language == "no")
    }
}
