import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The fork's developer flags: their defaults in both profiles, the config file, `/set
/// developer.NAME` for one run, and what each flag changes where it already has an effect.
@MainActor
struct DeveloperFlagsTests {
    @Test(arguments: [
        ("element", [true, true, false, false, false]),
        ("clap", [false, false, true, true, false]),
    ])
    func eachProfileHasItsForksDefaults(profile: String, expected: [Bool]) throws {
        let options = try #require(ShellConfig.default.profile(named: profile)).developer
        #expect(DeveloperOptions.Flag.allCases.map { options[$0] } == expected)
        #expect(DeveloperOptions.Flag.allCases.map(\.rawValue)
            == ["show_custom_homeserver", "show_qr_code_login", "group_space_rooms", "space_settings_enabled", "show_developer_settings"])
    }

    @Test func theConfigFileSetsEachFlagAndLeavesTheOthers() throws {
        let (config, diagnostics) = ConfigLoader.parse(yaml: """
        profiles:
          clap:
            developer:
              show_qr_code_login: true
              group_space_rooms: false
        """, file: "config.yaml")
        #expect(diagnostics.isEmpty)
        let clap = try #require(config.profile(named: "clap")).developer
        #expect(clap.showQRCodeLogin && !clap.groupSpaceRooms)
        #expect(!clap.showCustomHomeserver && !clap.showDeveloperSettings, "the others keep Clap's defaults")
    }

    @Test(arguments: ["element", "clap"])
    func setChangesAFlagForTheRun(profile: String) async {
        let app = AppHarness(profile: profile)
        for flag in DeveloperOptions.Flag.allCases {
            let flipped = !app.state.profile.developer[flag]
            #expect(await app.state.run(line: "/set \(flag.settingName) \(flipped ? "on" : "OFF")"))
            #expect(app.state.profile.developer[flag] == flipped)
            #expect(app.log.outcomes.last == .settings(.developerFlagChanged(flag, isOn: flipped)))
            #expect(await app.state.run(line: "/set \(flag.settingName)"))
            #expect(app.log.outcomes.last == .settings(.developerFlagValue(flag, isOn: flipped)))
        }
    }

    @Test func aMistypedFlagOrValueIsRefused() async {
        let app = AppHarness()
        #expect(!(await app.state.run(line: "/set developer.show_qr_code_logon off")))
        #expect(app.log.failures.last == .setting(.unknownKey("developer.show_qr_code_logon", suggestion: "developer.show_qr_code_login")))
        #expect(!(await app.state.run(line: "/set developer.group_space_rooms maybe")))
        #expect(app.log.failures.last == .setting(.invalidFlagValue(.groupSpaceRooms, value: "maybe")))
        #expect(ErrorMessages.message(for: .setting(.invalidFlagValue(.groupSpaceRooms, value: "maybe"))).contains("developer.group_space_rooms"))
        #expect(!app.state.profile.developer.groupSpaceRooms)
    }

    @Test func theQRCodeAtLoginFollowsItsFlag() {
        let prompt = DeviceCodePrompt(verificationURI: URL(string: "https://auth.example/link")!, userCode: "WDJB-MJHT",
                                      verificationURIComplete: URL(string: "https://auth.example/link?code=WDJB-MJHT")!, expiresIn: 600,
                                      openedInBrowser: false)
        let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))
        var hidden = prompt
        hidden.showsQRCode = false
        let shown = renderer.lines(for: Report(content: .deviceCode(prompt), location: nil))
        let plain = renderer.lines(for: Report(content: .deviceCode(hidden), location: nil))
        #expect(shown.contains { $0.contains("█") } && shown.count > plain.count + 10)
        #expect(!plain.contains { $0.contains("█") || $0.contains("▀") })
        #expect(plain.first?.contains("WDJB-MJHT") == true && plain.first?.contains("https://auth.example/link") == true)
    }

    /// A screen reader has no picture to show a phone: the link that carries the code, in words.
    @Test func aScreenReaderGetsTheCodesLinkInsteadOfTheQRCode() {
        let prompt = DeviceCodePrompt(verificationURI: URL(string: "https://auth.example/link")!, userCode: "WDJB-MJHT",
                                      verificationURIComplete: URL(string: "https://auth.example/link?code=WDJB-MJHT")!, expiresIn: 600,
                                      openedInBrowser: false)
        let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green), forScreenReader: true))
        let lines = L10n.$languageOverride.withValue("en") { renderer.lines(for: Report(content: .deviceCode(prompt), location: nil)) }
        #expect(!lines.contains { $0.contains("█") || $0.contains("▀") || $0.contains("▄") })
        #expect(lines.dropFirst().first == "Or open https://auth.example/link?code=WDJB-MJHT, which carries the code.")
    }

    @Test func completionOffersTheFlagsAndTheirValues() {
        #expect(Completer.complete("/set developer.show_q", context: CompletionContext()) == .candidates(["developer.show_qr_code_login"]))
        #expect(Completer.complete("/set developer.show_qr_code_login o", context: CompletionContext()) == .candidates(["off", "on"]))
    }

    /// What each profile offers of the flags that hide commands, by default and once flipped:
    /// `/help`, Tab, and the refusal of a command typed anyway.
    @Test(arguments: [("element", false, false), ("clap", true, false)])
    func theCommandFlagsOfferWhatTheyName(profile: String, managesSpaces: Bool, showsDeveloper: Bool) async {
        let app = AppHarness(profile: profile)
        for (flag, isOn, line, typed) in [(DeveloperOptions.Flag.spaceSettingsEnabled, managesSpaces, "/space create Guild", "/space create"),
                                          (.showDeveloperSettings, showsDeveloper, "/labs", "/labs")] {
            for state in [isOn, !isOn] {
                await app.state.run(line: "/set \(flag.settingName) \(state ? "on" : "off")")
                await app.state.run(line: "/help")
                guard case .help(let entries, _)? = app.log.outcomes.last else { Issue.record("no help"); return }
                let listed = entries.flatMap { [$0.usage] + $0.variants.map(\.usage) }
                #expect(listed.contains { $0.hasPrefix(line.split(separator: " ").prefix(2).joined(separator: " ")) } == state, "\(profile) \(flag) \(state)")
                let completed = Completer.complete(typed == "/labs" ? "/lab" : "/space cr", context: app.state.completionContext)
                #expect((completed != .candidates([])) == state, "\(profile) \(flag) \(state): \(completed)")
                if !state {
                    #expect(!(await app.state.run(line: line)))
                    #expect(app.log.failures.last == .turnedOff(command: typed, profile: profile, flag: flag))
                }
            }
        }
    }

    /// Element logs in anywhere; Clap only to its own homeservers, until the flag says otherwise.
    @Test(arguments: [("element", true), ("clap", false)])
    func loginNamesAnyHomeserverOnlyWithTheFlag(profile: String, allowsAny: Bool) async {
        for flipped in [false, true] {
            let app = AppHarness(profile: profile), allows = flipped ? !allowsAny : allowsAny
            if flipped { await app.state.run(line: "/set developer.show_custom_homeserver \(allows ? "on" : "off")") }
            await app.state.run(line: "/login elsewhere.example bob")
            let refused = app.log.failures.contains { if case .homeserverNotAllowed = $0 { true } else { false } }
            #expect(refused == !allows, "\(profile), flipped: \(flipped)")
        }
    }
}
