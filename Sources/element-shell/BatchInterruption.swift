import Dispatch
import ElementShellKit
import Foundation
@preconcurrency import Glibc

/// Ctrl-C (SIGINT) in batch mode: the running command is cancelled and reports so, the lines
/// after it are not run, a line on standard error says what was stopped, and the run exits 130,
/// as a shell's interrupted command does. Without a command running it exits at once.
@MainActor
final class BatchInterruption {
    private(set) var isInterrupted = false
    private var running: (task: Task<Bool, Never>, command: String)?
    private var source: (any DispatchSourceSignal)?
    private let state: AppState

    init(state: AppState) {
        self.state = state
        signal(SIGINT, SIG_IGN)
        // A queue of its own, as in the interactive shell: the task pool may be busy.
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "element-shell.batch-signals"))
        source.setEventHandler(handler: Self.handler(interrupting: self))
        source.resume()
        self.source = source
    }

    /// Runs on the signal queue, not the main actor: it only hands the signal over.
    private nonisolated static func handler(interrupting interruption: BatchInterruption) -> @Sendable () -> Void {
        { [weak interruption] in Task { @MainActor in interruption?.interrupt() } }
    }

    /// Runs one line as a task that Ctrl-C cancels.
    func run(_ line: String) async -> Bool {
        let task = Task { await state.run(line: line) }
        running = (task, Self.commandName(of: line))
        defer { running = nil }
        return await task.value
    }

    /// What the line's report is named: its command, or a message for a plain line. Never the
    /// line itself, which may be a message's text.
    private static func commandName(of line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else { return CommandName.message.rawValue }
        return "/" + String(trimmed.dropFirst().prefix { !$0.isWhitespace })
    }

    private func interrupt() {
        guard !isInterrupted else { return }
        isInterrupted = true
        Task { await state.send(ShellAction.interrupt) }
        guard let running else {
            Self.sayStopped(L10n.screenBatchInterrupted)
            exit(130)
        }
        running.task.cancel()
        Self.sayStopped(L10n.screenBatchInterruptedCommand(TerminalSanitizer.clean(running.command)))
    }

    private static func sayStopped(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
