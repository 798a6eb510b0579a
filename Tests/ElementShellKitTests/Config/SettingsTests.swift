import Testing
@testable import ElementShellKit
@testable import MatrixClient
import TerminalGraphics

@Suite struct SettingsTests {
    @Test(arguments: [
        (Settings.Key.language, "de", "de"),
        (.language, " pt_BR ", "pt_BR"),
        (.language, "zh-Hant-TW", "zh-Hant-TW"),
        (.color, "always", "always"),
        (.color, "NEVER", "never"),
        (.historySize, "0", "0"),
        (.historySize, "1000000", "1000000"),
        (.requestTimeout, "1", "1"),
        (.requestTimeout, "600", "600"),
        (.caFile, "/etc/ssl/ca.pem", "/etc/ssl/ca.pem"),
        (.logLevel, "trace", "trace"),
        (.logLevel, "Critical", "critical"),
        (.timelineSize, "50", "50"),
        (.timelineSize, "100000", "100000"),
        (.markdown, "OFF", "off"),
        (.markdown, "on", "on"),
        (.notify, "Desktop", "desktop"),
        (.notify, "off", "off"),
        (.privateReceipts, "ON", "on"),
        (.sendTyping, "off", "off"),
    ])
    func setAcceptsValidValues(key: Settings.Key, text: String, shown: String) throws {
        var settings = Settings.default
        try settings.set(key, to: text)
        #expect(settings.value(of: key) == shown)
    }

    @Test(arguments: [
        (Settings.Key.language, "x"),
        (.language, "english!"),
        (.language, "de_"),
        (.color, "sometimes"),
        (.color, ""),
        (.historySize, "-1"),
        (.historySize, "1000001"),
        (.historySize, "many"),
        (.requestTimeout, "0"),
        (.requestTimeout, "601"),
        (.requestTimeout, "none"),
        (.logLevel, "verbose"),
        (.timelineSize, "49"),
        (.timelineSize, "100001"),
        (.markdown, "yes please"),
        (.notify, "loud"),
        (.privateReceipts, "private"),
        (.sendTyping, ""),
    ])
    func setRefusesInvalidValuesAndKeepsTheOldOne(key: Settings.Key, text: String) {
        var settings = Settings.default
        #expect(throws: SettingError.invalidValue(key: key, value: text, expected: key.expectedValue)) {
            try settings.set(key, to: text)
        }
        #expect(settings == Settings.default)
    }

    @Test(arguments: [Settings.Key.language, .caFile], ["none", "", "None"])
    func noneUnsetsOptionalKeys(key: Settings.Key, text: String) throws {
        var settings = Settings(language: "de", color: .auto, historySize: 1, requestTimeout: 1, caFile: "/ca.pem",
                                logLevel: .info, timelineSize: 50, markdown: true)
        try settings.set(key, to: text)
        #expect(settings.value(of: key) == nil)
    }

    @Test func valueShowsEverySetting() {
        let settings = Settings(language: "de", color: .never, historySize: 5, requestTimeout: 9, loginTimeout: 90, caFile: "/ca.pem",
                                logLevel: .warning, timelineSize: 70, markdown: false, privateReceipts: true, sendTyping: false,
                                notify: .desktop, notifyBodies: true, excludeInsecureDevices: true, shareHistoryOnInvite: false, sync: .sliding,
                                images: .sixel, imageSize: CellBox(columns: 30, rows: 8), hyperlinks: .on,
                                linkPreviews: .all, screenReader: true, messageTimes: false)
        #expect(Settings.Key.allCases.map { settings.value(of: $0) }
            == ["de", "never", "5", "9", "90", "/ca.pem", "warning", "70", "off", "on", "off", "desktop", "on", "on", "off", "sliding", "sixel", "30x8", "on", "all", "on",
                "off"])
        #expect(Settings.default.linkPreviews == .unencrypted, "Element's choice: the server learns no link of an encrypted room")
        #expect(Settings.default.images == .auto && Settings.default.imageSize == CellBox(columns: 40, rows: 12))
        #expect(Settings.default.sync == .auto, "sliding sync where the server offers it")
        #expect(Settings.default.notify == .bell && !Settings.default.notifyBodies)
        #expect(!Settings.default.excludeInsecureDevices, "off by default, as in Element")
        #expect(Settings.default.privateReceipts == false && Settings.default.sendTyping == true)
        #expect(Settings.default.value(of: .language) == nil)
        #expect(Settings.default.value(of: .caFile) == nil)
    }

    @Test func keysAreLookedUpByNameWithSuggestions() throws {
        #expect(try Settings.Key(named: "history_size") == .historySize)
        #expect(throws: SettingError.unknownKey("colour", suggestion: "color")) { try Settings.Key(named: "colour") }
        #expect(throws: SettingError.unknownKey("requst_timeout", suggestion: "request_timeout")) {
            try Settings.Key(named: "requst_timeout")
        }
        #expect(throws: SettingError.unknownKey("volume", suggestion: nil)) { try Settings.Key(named: "volume") }
    }

    @Test func pictureSettingsTakeAModeAndABoxOfCells() throws {
        var settings = Settings.default
        try settings.set(.images, to: " Blocks ")
        try settings.set(.imageSize, to: "60×20")
        #expect(settings.images == .blocks && settings.imageSize == CellBox(columns: 60, rows: 20))
        for text in ["60", "0x10", "401x10", "40x1", "wide", "40x12x3"] {
            #expect(throws: SettingError.invalidValue(key: .imageSize, value: text, expected: .cellBox(columns: 4...400, rows: 2...200))) {
                try settings.set(.imageSize, to: text)
            }
        }
        #expect(throws: SettingError.self) { try settings.set(.images, to: "png") }
        #expect(settings.imageSize == CellBox(columns: 60, rows: 20), "a refused value changes nothing")
    }

    /// `auto` makes links only in terminals that say who they are and open them; never for a pipe.
    @Test func hyperlinksAreMadeWhereTheTerminalOpensThem() {
        let known: [[String: String]] = [["TERM": "xterm-kitty"], ["TERM": "xterm-256color", "VTE_VERSION": "7600"],
                                         ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], ["TERM": "foot"]]
        let unknown: [[String: String]] = [["TERM": "xterm-256color"], ["TERM": "linux"], ["TERM": "dumb", "KITTY_WINDOW_ID": "1"],
                                           ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "VTE_VERSION": "7600"]]
        for environment in known {
            #expect(HyperlinksMode.auto.isOn(isTerminal: true, environment: environment), "\(environment)")
            #expect(!HyperlinksMode.auto.isOn(isTerminal: false, environment: environment), "\(environment), into a pipe")
            #expect(!HyperlinksMode.off.isOn(isTerminal: true, environment: environment))
        }
        for environment in unknown {
            #expect(!HyperlinksMode.auto.isOn(isTerminal: true, environment: environment), "\(environment)")
            #expect(HyperlinksMode.on.isOn(isTerminal: true, environment: environment))
        }
    }

    @Test func logLevelsMapToSwiftLog() {
        #expect(LogLevel.allCases.map(\.loggerLevel.rawValue) == LogLevel.allCases.map(\.rawValue))
    }
}
