import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct ConfigPathTests {
    /// A fresh directory holding `element-shell/config.yaml` under `configHome` when `withFile` is true.
    private func makeConfigHome(withFile: Bool) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("config-path-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/element-shell", withIntermediateDirectories: true)
        if withFile {
            try "default_profile: clap\n"
                .write(toFile: root + "/element-shell/config.yaml", atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func explicitPathWinsEvenWhenMissing() {
        let path = ConfigLoader.configPath(explicit: "/nowhere/config.yaml", environment: ["XDG_CONFIG_HOME": "/tmp"])
        #expect(path == "/nowhere/config.yaml")
    }

    @Test func explicitPathExpandsHome() {
        let path = ConfigLoader.configPath(explicit: "~/shell.yaml", environment: ["HOME": "/home/ada"])
        #expect(path == "/home/ada/shell.yaml")
    }

    @Test func xdgConfigHomeIsUsedWhenTheFileExists() throws {
        let configHome = try makeConfigHome(withFile: true)
        defer { try? FileManager.default.removeItem(atPath: configHome) }
        let path = ConfigLoader.configPath(explicit: nil, environment: ["XDG_CONFIG_HOME": configHome, "HOME": "/nowhere"])
        #expect(path == configHome + "/element-shell/config.yaml")
    }

    @Test func homeDotConfigIsTheXDGDefault() throws {
        let home = try makeConfigHome(withFile: false)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.config/element-shell", withIntermediateDirectories: true)
        try "".write(toFile: home + "/.config/element-shell/config.yaml", atomically: true, encoding: .utf8)

        #expect(ConfigLoader.configPath(explicit: nil, environment: ["HOME": home])
            == home + "/.config/element-shell/config.yaml")
        // A relative XDG_CONFIG_HOME is invalid by the XDG spec and ignored.
        #expect(ConfigLoader.configPath(explicit: nil, environment: ["HOME": home, "XDG_CONFIG_HOME": "relative"])
            == home + "/.config/element-shell/config.yaml")
    }

    @Test func missingImplicitFileMeansBuiltInDefaults() throws {
        let configHome = try makeConfigHome(withFile: false)
        defer { try? FileManager.default.removeItem(atPath: configHome) }
        #expect(ConfigLoader.configPath(explicit: nil, environment: ["XDG_CONFIG_HOME": configHome]) == nil)
        #expect(ConfigLoader.configPath(explicit: nil, environment: [:]) == nil)
    }

    @Test func loadReadsTheFile() throws {
        let configHome = try makeConfigHome(withFile: true)
        defer { try? FileManager.default.removeItem(atPath: configHome) }
        let path = configHome + "/element-shell/config.yaml"
        let (config, diagnostics) = ConfigLoader.load(path: path, environment: [:])
        #expect(diagnostics.isEmpty)
        #expect(config.defaultProfile == "clap")
    }

    @Test func missingExplicitFileIsReportedAndDefaultsApply() {
        let (config, diagnostics) = ConfigLoader.load(path: "/nowhere/config.yaml", environment: [:])
        #expect(config == .default)
        #expect(diagnostics == [ConfigDiagnostic(file: "/nowhere/config.yaml", line: 0, column: 0, problem: .missingFile)])
    }

    @Test func directoryIsUnreadable() throws {
        let directory = try makeConfigHome(withFile: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (config, diagnostics) = ConfigLoader.load(path: directory, environment: [:])
        #expect(config == .default)
        #expect(diagnostics.map(\.problem) == [.unreadable])
    }

    @Test func nonUTF8FileIsReported() throws {
        let directory = try makeConfigHome(withFile: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/latin1.yaml"
        try Data([0x61, 0x3a, 0x20, 0xe9, 0x0a]).write(to: URL(fileURLWithPath: path))
        let (config, diagnostics) = ConfigLoader.load(path: path, environment: [:])
        #expect(config == .default)
        #expect(diagnostics.map(\.problem) == [.notUTF8])
    }

    @Test func caFileIsRelativeToTheConfigFileOrHome() throws {
        let directory = try makeConfigHome(withFile: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/config.yaml"
        try """
        settings: { ca_file: certs/ca.pem }
        profiles:
          clap: { settings: { ca_file: ~/clap.pem } }
          work: { settings: { ca_file: /etc/ssl/work.pem } }
        """.write(toFile: path, atomically: true, encoding: .utf8)

        let (config, diagnostics) = ConfigLoader.load(path: path, environment: ["HOME": "/home/ada"])
        #expect(diagnostics.isEmpty)
        #expect(config.profile(named: "element")?.settings.caFile == directory + "/certs/ca.pem")
        #expect(config.profile(named: "clap")?.settings.caFile == "/home/ada/clap.pem")
        #expect(config.profile(named: "work")?.settings.caFile == "/etc/ssl/work.pem")
    }
}
