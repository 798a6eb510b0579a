import ArgumentParser
import ElementShellKit

/// The process entry point. An explicit `@main` type, so the async command's `main` is the one run.
@main
enum Main {
    static func main() async {
        await ElementShell.main()
    }
}

struct ElementShell: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "element-shell",
        abstract: "A line-oriented terminal chat client for Matrix.",
        discussion: "Plain lines are messages to the current room; slash commands do everything else (/help lists them)."
    )

    @Option(name: .long, help: "Read the configuration from this YAML file.", completion: .file())
    var config: String?

    @Option(name: .long, help: "Run as this profile of the configuration.")
    var profile: String?

    @Option(name: .customLong("data-dir"), help: "Keep session and history here instead of the profile's data directory.", completion: .directory)
    var dataDirectory: String?

    @Option(name: .long, help: "Run this startup file instead of ~/.elrc.", completion: .file())
    var rc: String?

    @Flag(name: .customLong("no-rc"), help: "Skip the startup file.")
    var noRC = false

    @Option(name: [.customShort("c"), .customLong("command")], help: "Run this line, then exit (repeatable).")
    var commands: [String] = []

    @Option(name: .long, help: "Print results for people (text) or one JSON object per line (json).")
    var output: OutputFormat = .text

    @Option(name: .customLong("password-file"), help: "Read the login password from this file instead of asking.", completion: .file())
    var passwordFile: String?

    func run() async throws {
        let code = await Launcher(options: self).run()
        if code != 0 { throw ExitCode(code) }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
