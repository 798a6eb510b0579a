import ElementShellKit
import Foundation

/// Commands from `-c` or from standard input when it is not a terminal: results are printed, the
/// exit status says whether every command succeeded.
@MainActor
struct BatchSession {
    let context: LaunchContext

    func run() async -> Int32 {
        let presenter = Presenter(format: context.options.output, profile: context.profile, isTerminal: isatty(STDOUT_FILENO) != 0,
                                  environment: context.environment) { lines, stream in
            let text = lines.joined(separator: "\n") + "\n"
            (stream == .error ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
        }
        let environmentPassword = context.environment["ELEMENT_SHELL_PASSWORD"]
        let environmentPassphrase = context.environment["ELEMENT_SHELL_PASSPHRASE"]
        let state = context.makeState(presenter: presenter, syncsContinuously: false, password: { _ in environmentPassword.map(PasswordAnswer.password) ?? .missing },
                                      passphrase: { _ in environmentPassphrase.map(PasswordAnswer.password) ?? .missing }, confirm: { _ in nil })
        let interruption = BatchInterruption(state: state)
        var succeeded = await context.start(state)
        let lines = context.options.commands.isEmpty ? StandardInput.lines() : AsyncStream { continuation in
            context.options.commands.forEach { continuation.yield($0) }
            continuation.finish()
        }
        for await line in lines {
            if state.isQuitting || interruption.isInterrupted { break }
            if !(await interruption.run(line)) { succeeded = false }
            if interruption.isInterrupted { return 130 }
        }
        await state.waitForScheduledLines()
        // What a script typed should reach the server before the process ends; what does not is
        // still in the outbox for the next start.
        _ = await state.waitUntilSent(timeout: Double(state.profile.settings.requestTimeout))
        // And the receipts that follow what it read (none after a send: that marks it read).
        _ = await state.settle(timeout: .seconds(state.profile.settings.requestTimeout))
        return succeeded ? 0 : 1
    }
}

/// Standard input read on its own thread, so timers on the main actor keep running meanwhile.
enum StandardInput {
    static func lines() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }.start()
        }
    }
}
