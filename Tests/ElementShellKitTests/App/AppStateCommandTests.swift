import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateCommandTests {
    @Test func everyCommandEndsInExactlyOneResult() async {
        let app = AppHarness()
        for line in ["/help", "/help login", "/echo hi", "/config", "/aliases", "/set color never", "/whoami", "/nonsense", "hello"] {
            let before = app.log.reports.count
            await app.state.run(line: line)
            #expect(app.log.reports.count == before + 1, "\(line)")
        }
    }

    @Test func helpListsTheWholeTable() async {
        let app = AppHarness()
        await app.state.run(line: "/help")
        guard case .help(let entries, true)? = app.log.outcomes.first else { Issue.record("no help"); return }
        #expect(entries.map(\.name) == CommandTable.all.filter { $0.requiredFlag == nil }.map(\.name), "developer commands are hidden by default")
        await app.state.run(line: "/help /quit")
        guard case .help(let single, false)? = app.log.outcomes.last else { Issue.record("no help"); return }
        #expect(single.map(\.name) == ["quit"] && single[0].aliases == ["exit", "q"])
        #expect(!(await app.state.run(line: "/help lgoin")))
        #expect(app.log.failures == [.parse(.unknownCommand(name: "lgoin", suggestion: "login"))])
    }

    @Test func plainLinesNeedARoom() async {
        let app = AppHarness()
        #expect(!(await app.state.run(line: "hello")))
        #expect(app.log.failures == [.noRoomOpen])
        #expect(app.log.reports.last?.content == .result(command: "message", outcome: .failure(.noRoomOpen)))
    }

    @Test func setChangesTheRunningProfileOnly() async {
        let app = AppHarness()
        #expect(await app.state.run(line: "/set color never"))
        #expect(app.state.profile.settings.color == .never)
        #expect(await app.state.run(line: "/set history_size 50"))
        #expect(app.state.profile.settings.historySize == 50)
        #expect(app.log.outcomes.last == .settings(.changed(key: .historySize, value: "50")))
        #expect(await app.state.run(line: "/set ca_file none"))
        #expect(app.state.profile.settings.caFile == nil)
        #expect(ShellConfig.default.profile(named: "element")?.settings.color == .auto)
    }

    @Test func badSettingsAreRefusedWithAHint() async {
        let app = AppHarness()
        #expect(!(await app.state.run(line: "/set colour never")))
        #expect(!(await app.state.run(line: "/set history_size lots")))
        #expect(app.log.failures.first == .setting(.unknownKey("colour", suggestion: "color")))
        guard case .setting(.invalidValue(key: .historySize, value: "lots", expected: _))? = app.log.failures.last else {
            Issue.record("expected an invalid value"); return
        }
        #expect(app.state.profile.settings.historySize == 1000)
    }

    @Test func setAloneShowsWhatEachSettingIsAndTakes() async {
        let app = AppHarness()
        await app.state.run(line: "/set")
        #expect(app.log.outcomes.last == .settings(.values(keys: Settings.Key.allCases, settings: app.state.profile.settings)))
        await app.state.run(line: "/set color")
        #expect(app.log.outcomes.last == .settings(.values(keys: [.color], settings: app.state.profile.settings)))
        #expect(!(await app.state.run(line: "/set colr")))
        #expect(app.log.failures == [.setting(.unknownKey("colr", suggestion: "color"))])
    }

    @Test func settingsThisShellCannotUseAreRefused() async {
        let app = AppHarness()
        #expect(!(await app.state.run(line: "/set language xx")))
        #expect(!(await app.state.run(line: "/set ca_file /nonexistent/ca.pem")))
        #expect(app.log.failures == [
            .setting(.invalidValue(key: .language, value: "xx", expected: .oneOf(["de", "en"]))),
            .setting(.invalidValue(key: .caFile, value: "/nonexistent/ca.pem", expected: .readableFile)),
        ])
        #expect(app.state.profile.settings.language == nil && app.state.profile.settings.caFile == nil)
        #expect(await app.state.run(line: "/set language de_AT"))
    }

    /// The app chooses; the process's strings follow through the environment, which tests leave
    /// alone: a test that switched `L10n.language` for the whole process once made a test running
    /// beside it render German.
    @Test func settingTheLanguageSwitchesIt() async {
        let chosen = Mutex<[String]>([])
        let app = AppHarness(useLanguage: { language in chosen.withLock { $0.append(language) } })
        #expect(await app.state.run(line: "/set language de"))
        #expect(app.state.language == "de")
        #expect(await app.state.run(line: "/set language none"))
        #expect(app.state.language == "en")
        #expect(chosen.withLock { $0 } == ["en", "de", "en"], "at start, then at each change")
        #expect(L10n.language == LocalizationTables.sourceLanguage, "the process's language is the executable's to set")
    }

    @Test func configShowsTheRunningOrANamedProfile() async {
        let app = AppHarness()
        await app.state.run(line: "/config")
        guard case .settings(.config(let running))? = app.log.outcomes.last else { Issue.record("no config"); return }
        #expect(running.profile.name == "element" && running.isRunningProfile && running.dataDirectory != nil)
        await app.state.run(line: "/config clap")
        guard case .settings(.config(let clap))? = app.log.outcomes.last else { Issue.record("no config"); return }
        #expect(clap.profile.appName == "Clap" && !clap.isRunningProfile)
        #expect(clap.homeservers.map(\.name) == ["clap", "clap-dev"])
        #expect(!(await app.state.run(line: "/config clapp")))
        #expect(app.log.failures == [.unknownProfile("clapp", suggestion: "clap")])
    }

    @Test func quitStopsTheShell() async {
        let app = AppHarness()
        #expect(await app.state.run(line: "/exit"))
        #expect(app.state.isQuitting)
    }
}
