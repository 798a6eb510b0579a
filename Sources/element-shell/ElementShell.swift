import ArgumentParser
import ElementShellKit
import Foundation

/// The process entry point. An explicit `@main` type, so the async command's `main` is the one run.
@main
enum Main {
    static func main() async {
        TerminalEncoding.useUTF8()
        // `--help` is localized too, so the language is known before the flags are read.
        L10n.language = LanguageResolver.language(setting: nil, environment: ProcessInfo.processInfo.environment)
        await ElementShell.main()
    }
}

struct ElementShell: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "element-shell",
        abstract: L10n.screenCLIAbstract,
        discussion: L10n.screenCLIDiscussion,
        version: BuildInfo.version
    )

    @Option(name: .long, help: ArgumentHelp(L10n.screenCLIConfigHelp), completion: .file())
    var config: String?

    @Option(name: .long, help: ArgumentHelp(L10n.screenCLIProfileHelp))
    var profile: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp(L10n.screenCLIDataDirHelp), completion: .directory)
    var dataDirectory: String?

    @Option(name: .long, help: ArgumentHelp(L10n.screenCLIRcHelp), completion: .file())
    var rc: String?

    @Flag(name: .customLong("no-rc"), help: ArgumentHelp(L10n.screenCLINoRcHelp))
    var noRC = false

    @Option(name: [.customShort("c"), .customLong("command")], help: ArgumentHelp(L10n.screenCLICommandHelp))
    var commands: [String] = []

    @Option(name: .long, help: ArgumentHelp(L10n.screenCLIOutputHelp))
    var output: OutputFormat = .text

    @Option(name: .customLong("password-file"), help: ArgumentHelp(L10n.screenCLIPasswordFileHelp), completion: .file())
    var passwordFile: String?

    @Option(name: .customLong("passphrase-file"), help: ArgumentHelp(L10n.screenCLIPassphraseFileHelp), completion: .file())
    var passphraseFile: String?

    func run() async throws {
        let code = await Launcher(options: self).run()
        if code != 0 { throw ExitCode(code) }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
