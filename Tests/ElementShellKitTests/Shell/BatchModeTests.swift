import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The binary in batch mode: what scripts and the README's examples rely on.
@Suite struct BatchModeTests {
    @Test func helpListsEveryCommandInEnglishAndGerman() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let english = try await shell.run(["--no-rc"], input: "/help\n")
        #expect(english.status == 0, "\(english)")
        for spec in CommandTable.all where spec.requiredFlag == nil {
            let summary = L10n.$languageOverride.withValue("en") { spec.summary }
            #expect(english.standardOutput.contains(summary), "\(spec.name)")
        }
        let german = try await shell.run(["--no-rc"], input: "/help\n", extraEnvironment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 0, "\(german)")
        #expect(german.outputLines.first == "Befehle (/help BEFEHL erklärt einen):")
        for spec in CommandTable.all where spec.requiredFlag == nil {
            let summary = L10n.$languageOverride.withValue("de") { spec.summary }
            #expect(german.standardOutput.contains(summary), "\(spec.name)")
        }
    }

    @Test func theClapProfileShowsItsBranding() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let result = try await shell.run(["--profile", "clap", "--no-rc", "-c", "/config"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("Profile clap (running)"))
        #expect(result.standardOutput.contains("Clap"))
        #expect(result.standardOutput.contains("clap (clap.ac)"))
        #expect(result.standardOutput.contains("clap-dev (dev.clap.ac)"))
        #expect(result.standardOutput.contains("magenta"))
    }

    @Test func exitStatusSaysWhetherEveryCommandSucceeded() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        try await shell.run(["--no-rc", "-c", "/echo fine", "-c", "/aliases"]).expectSuccess()
        let failed = try await shell.run(["--no-rc"], input: "/echo one\n/nonsense\n/echo two\n")
        #expect(failed.status == 1, "\(failed)")
        #expect(failed.outputLines == ["one", "two"])
        #expect(failed.standardError.contains("There is no command /nonsense."))
    }

    @Test func jsonOutputIsOneObjectPerResult() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let result = try await shell.run(["--no-rc", "--output", "json"], input: "/echo hi\n/whoami\n/set color never\nhello\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.isEmpty)
        let objects = result.objects
        #expect(objects.count == 4)
        #expect(objects[0]["command"] as? String == "echo" && objects[0]["text"] as? String == "hi" && objects[0]["ok"] as? Bool == true)
        #expect((objects[1]["error"] as? [String: Any])?["code"] as? String == "not_logged_in")
        #expect(objects[2]["key"] as? String == "color" && objects[2]["value"] as? String == "never")
        #expect(objects[3]["command"] as? String == "message" && objects[3]["ok"] as? Bool == false)
    }

    /// A paste at the terminal sends a block of text as one message; standard input does not.
    @Test func standardInputRunsTextLineByLine() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let result = try await shell.run(["--no-rc", "--output", "json"], input: "first line\nsecond line\n/echo third\n")
        #expect(result.objects.map { $0["command"] as? String } == ["message", "message", "echo"], "\(result.standardOutput)")
    }

    @Test func theStartupFileRunsFirstAndReportsFailingLines() async throws {
        var shell = ShellProcess()
        defer { shell.remove() }
        _ = try shell.write("# my aliases\n/alias hi /echo hello $1\n/bogus\n/echo rc done\n", to: ".elrc")
        let result = try await shell.run([], input: "/hi there\n")
        #expect(result.outputLines == ["rc done", "hello there"])
        #expect(result.standardError.contains(shell.home.appending(path: ".elrc").path + ":3:"))
        #expect(result.status == 1, "\(result)")
        #expect(try await shell.run(["--no-rc"], input: "/hi there\n").status == 1)

        let other = try shell.write("/echo from other rc\n", to: "other.elrc")
        #expect(try await shell.run(["--rc", other, "-c", "/echo x"]).outputLines == ["from other rc", "x"])
        let missing = try await shell.run(["--rc", "/nonexistent.elrc", "-c", "/echo x"])
        #expect(missing.status == 1 && missing.standardError.contains("/nonexistent.elrc"))
        shell.environment["LANG"] = "de_DE.UTF-8"
        #expect(try await shell.run(["--no-rc", "-c", "/whoami"]).standardError.contains("Du bist nicht angemeldet"))
    }

    @Test func aBrokenConfigLineIsReportedWithItsPositionAndTheShellStillStarts() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("settings:\n  colour: never\n  history_size: many\n", to: "config.yaml")
        let result = try await shell.run(["--config", config, "--no-rc", "-c", "/echo up"])
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines == ["up"])
        #expect(result.standardError.contains("\(config):2:3:"))
        #expect(result.standardError.contains("colour"))
        #expect(result.standardError.contains("\(config):3:17:"))
    }

    @Test func aConfigFileNamedOnTheCommandLineMustExist() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let result = try await shell.run(["--config", "/nonexistent/config.yaml", "-c", "/echo x"])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("/nonexistent/config.yaml: The file does not exist."))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anUnknownProfileStopsWithAHint() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let result = try await shell.run(["--profile", "clapp", "-c", "/echo x"])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("Did you mean clap?"))
    }

    @Test func theDataDirectoryIsPrivate() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        _ = try await shell.run(["--no-rc", "-c", "/echo x"])
        let directory = shell.home.appending(path: ".local/share/element-shell/element").path
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)

        let chosen = shell.home.appending(path: "chosen").path
        try FileManager.default.createDirectory(atPath: chosen, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        _ = try await shell.run(["--no-rc", "--data-dir", chosen, "-c", "/echo x"])
        let kept = try FileManager.default.attributesOfItem(atPath: chosen)
        #expect((kept[.posixPermissions] as? Int) == 0o755, "a directory the user named keeps its mode")
    }
}
