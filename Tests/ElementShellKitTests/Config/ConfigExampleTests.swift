import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct ConfigExampleTests {
    private static let examplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config.yaml.example").path

    @Test func exampleParsesWithoutDiagnosticsToTheBuiltInConfig() throws {
        let (config, diagnostics) = ConfigLoader.load(path: Self.examplePath, environment: [:])
        #expect(diagnostics == [])
        #expect(config == .default)
        let clap = try #require(config.profile(named: "clap"))
        #expect(clap.appName == "Clap")
        #expect(clap.accentColor == .named(.magenta))
        #expect(clap.developer.showCustomHomeserver == false)
    }

    /// Every key the reader knows appears in the example, so none goes undocumented.
    @Test func exampleMentionsEveryKey() throws {
        let example = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
        let keys = RawConfig.Field.allCases.map(\.rawValue) + Settings.Key.allCases.map(\.rawValue)
            + RawHomeserverEntry.Field.allCases.map(\.rawValue) + RawProfile.Field.allCases.map(\.rawValue)
            + RawDeveloperOptions.Field.allCases.map(\.rawValue) + RawOIDCOptions.Field.allCases.map(\.rawValue)
        let writtenKeys = Set(example.split(separator: "\n").compactMap { line -> String? in
            let line = line.drop { $0 == " " }
            guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon])
        })
        #expect(Set(keys).subtracting(writtenKeys).isEmpty)
        for placeholder in PromptPlaceholder.allCases {
            #expect(example.contains(placeholder.token))
        }
    }
}
