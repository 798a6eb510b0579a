import ArgumentParser
import MatrixClient

/// The process entry point. An explicit `@main` type, so the async commands' `main` is the one run.
@main
enum Main {
    static func main() async {
        // Memory as the client holds it: the figures are the client's.
        ProcessMemory.configure()
        await Bench.main()
    }
}

/// Measures how element-shell takes in a `/sync` response, on files it can also generate, what
/// Megolm encryption costs, and how fast a picture becomes terminal output.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "element-shell-bench",
        abstract: "Generates synthetic /sync responses, measures how element-shell ingests them, and times Megolm and pictures.",
        subcommands: [Generate.self, Ingest.self, Megolm.self, Ed25519Agreement.self, Restore.self, Pictures.self, PushRules.self]
    )
}
