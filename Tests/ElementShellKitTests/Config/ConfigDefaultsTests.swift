import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct ConfigDefaultsTests {
    @Test func noFileGivesBuiltInProfilesWithoutDiagnostics() throws {
        let (config, diagnostics) = ConfigLoader.load(path: nil, environment: [:])
        #expect(diagnostics.isEmpty)
        #expect(config == .default)
        #expect(config.defaultProfile == "element")

        let element = try #require(config.profile(named: "element"))
        #expect(element.appName == "Element")
        #expect(element.defaultHomeserver == "matrix.org")
        #expect(element.developmentHomeserver == nil)
        #expect(element.homeservers == ["matrix.org"])
        #expect(element.websiteURL == "https://element.io")
        #expect(element.accentColor == .named(.green))
        #expect(element.developer == DeveloperOptions(
            showCustomHomeserver: true, groupSpaceRooms: false, showDeveloperSettings: false))
        #expect(element.settings == Settings.default)

        let clap = try #require(config.profile(named: "clap"))
        #expect(clap.appName == "Clap")
        #expect(clap.defaultHomeserver == "clap")
        #expect(clap.developmentHomeserver == "clap-dev")
        #expect(clap.homeservers == ["clap", "clap-dev"])
        #expect(clap.websiteURL == "https://clap.ac")
        #expect(clap.accentColor == .named(.magenta))
        #expect(clap.promptFormat != element.promptFormat)
        #expect(clap.developer == DeveloperOptions(
            showCustomHomeserver: false, showQRCodeLogin: false, groupSpaceRooms: true, spaceSettingsEnabled: true, showDeveloperSettings: false))
        #expect(config.profile(named: "missing") == nil)
    }

    @Test func builtInHomeserversAreDiscoveredFromServerNames() {
        let homeservers = ShellConfig.default.homeservers
        #expect(homeservers["matrix.org"] == HomeserverEntry(name: "matrix.org", serverName: "matrix.org", url: nil))
        #expect(homeservers["clap"] == HomeserverEntry(name: "clap", serverName: "clap.ac", url: nil))
        #expect(homeservers["clap-dev"] == HomeserverEntry(name: "clap-dev", serverName: "dev.clap.ac", url: nil))
    }

    @Test func builtInSettings() {
        let settings = Settings.default
        #expect(settings.language == nil)
        #expect(settings.color == .auto)
        #expect(settings.historySize == 1000)
        #expect(settings.requestTimeout == 30)
        #expect(settings.caFile == nil)
        #expect(settings.logLevel == .info)
    }

    @Test func builtInPromptFormatsUseOnlyKnownPlaceholders() {
        for profile in ShellConfig.default.profiles.values {
            #expect(PromptPlaceholder.unknownTokens(in: profile.promptFormat).isEmpty)
            #expect(profile.promptFormat.contains(PromptPlaceholder.room.token))
        }
    }

    @Test func emptyOrCommentOnlyFileGivesDefaults() {
        for yaml in ["", "# nothing here\n", "---\n"] {
            let (config, diagnostics) = ConfigLoader.parse(yaml: yaml, file: "c.yaml")
            #expect(diagnostics.isEmpty)
            #expect(config == .default)
        }
    }
}
