import Foundation
import Testing
@testable import ElementShellKit

/// What people see, compared with reviewed text files in `Golden/`. To accept a deliberate change,
/// run with `ELEMENT_SHELL_RECORD_GOLDEN=1` and review the diff.
@MainActor
@Suite struct GoldenTextTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))

    @Test(arguments: ["en", "de"])
    func help(language: String) async throws {
        try await compare("help.\(language).txt", language: language, lines: ["/help", "/help quit", "/help set", "/set"])
    }

    @Test func helpWrapsAtWordsOnANarrowTerminal() async throws {
        try await compare("help-60-columns.en.txt", language: "en", lines: ["/help", "/help set"], width: 60)
    }

    @Test(arguments: ["en", "de"])
    func clapConfig(language: String) async throws {
        try await compare("config-clap.\(language).txt", language: language, lines: ["/config clap"])
    }

    @Test(arguments: ["en", "de"])
    func errors(language: String) async throws {
        try await compare("errors.\(language).txt", language: language,
                          lines: ["/lgoin", "/login matrix.org", "/whoami", "hello", "/set colour red", "/set history_size -4", "/after soon /x", "/config \"open"])
    }

    private func compare(_ name: String, language: String, lines: [String], width: Int? = nil) async throws {
        let renderer = TextRenderer(theme: renderer.theme, width: width)
        let app = AppHarness()
        for line in lines {
            await app.state.run(line: line)
        }
        let text = L10n.$languageOverride.withValue(language) {
            app.log.reports.flatMap(renderer.lines(for:)).joined(separator: "\n") + "\n"
        }.replacingOccurrences(of: app.directory.url.path, with: "<data>")
        let file = Self.directory.appending(path: name)
        if ProcessInfo.processInfo.environment["ELEMENT_SHELL_RECORD_GOLDEN"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "\(name) differs; record with ELEMENT_SHELL_RECORD_GOLDEN=1 and review")
    }
}
