import ElementShellKit
import Foundation
import MatrixClient

/// The process entry point: the command line is read, then a run starts, or `--help` or
/// `--version` is answered.
@main
enum Main {
    static func main() async {
        ProcessMemory.configure()
        TerminalEncoding.useUTF8()
        // `--help` is localized too, so the language is known before the flags are read.
        L10n.language = LanguageResolver.language(setting: nil, environment: ProcessInfo.processInfo.environment)
        let request: LaunchOptions.Request
        do {
            request = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data((ErrorMessages.message(for: error) + "\n").utf8))
            exit(usageError)
        }
        switch request {
        case .help:
            FileHandle.standardOutput.write(Data(LaunchHelp.text(programName: "element-shell").utf8))
        case .version:
            FileHandle.standardOutput.write(Data((BuildInfo.version + "\n").utf8))
        case .run(let options):
            exit(await Launcher(options: options).run())
        }
    }

    /// `EX_USAGE` of sysexits.h: the command line itself was wrong.
    private static let usageError: Int32 = 64
}
