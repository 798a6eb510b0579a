import ElementShellKit
import Foundation
import Observation
import Synchronization

/// The shell at a terminal: readline, a prompt that follows the state, lines run one at a time,
/// Ctrl-C stopping the one that runs.
@MainActor
final class InteractiveSession {
    private let context: LaunchContext
    private let completion = Shared(CompletionContext())
    private let running = Shared<Task<Bool, Never>?>(nil)

    init(context: LaunchContext) {
        self.context = context
    }

    func run() async -> Int32 {
        let (lines, lineSink) = AsyncStream.makeStream(of: String?.self)
        let completion = completion
        let running = running
        let editor = LineEditor(
            prompt: "",
            history: HistoryFile(path: context.dataDirectory + "/history", limit: context.profile.settings.historySize),
            hooks: LineEditor.Hooks(
                line: { lineSink.yield($0) },
                interrupted: { running.value?.cancel() },
                complete: { Completer.complete($0, context: completion.value) },
                shouldRecordInHistory: HistoryPolicy.shouldRecord,
                carriesCredentials: HistoryPolicy.carriesCredentials
            )
        )
        let presenter = Presenter(format: context.options.output, profile: context.profile, isTerminal: true,
                                  environment: context.environment) { output, _ in editor.send(.print(output)) }
        let state = context.makeState(
            presenter: presenter,
            password: { request in
                let prompt = L10n.screenLoginPasswordPrompt(TerminalSanitizer.clean(request.user), TerminalSanitizer.clean(request.homeserver))
                return await editor.ask(prompt, hidden: true).map(PasswordAnswer.password) ?? .cancelled
            },
            confirm: { question in
                guard case .logout(let userID) = question else { return false }
                guard let answer = await editor.ask(L10n.screenLogoutConfirm(TerminalSanitizer.clean(userID)), hidden: false) else { return false }
                let yes = L10n.commonAnswerYes.split(separator: ",")
                return yes.contains { $0 == answer.trimmingCharacters(in: .whitespaces).lowercased() }
            }
        )
        editor.start()
        follow(state, editor: editor, presenter: presenter)
        _ = await context.start(state)
        if context.options.output == .text {
            let appName = presenter.theme.accent(TerminalSanitizer.clean(context.profile.appName))
            var welcome = [L10n.screenWelcome(appName)]
            if state.session == nil {
                welcome.append(L10n.screenWelcomeLoginHint(TerminalSanitizer.clean(context.profile.defaultHomeserver)))
            }
            editor.send(.print(welcome))
        }
        if !state.isQuitting {
            for await line in lines {
                guard let line else { break }
                let task = Task { await state.run(line: line) }
                running.value = task
                _ = await task.value
                running.value = nil
                if state.isQuitting { break }
                editor.send(.resumeInput)
            }
        }
        await editor.stop()
        return 0
    }

    /// Keeps the prompt, the theme, the history size and the completion candidates in step with the state.
    private func follow(_ state: AppState, editor: LineEditor, presenter: Presenter) {
        let completion = completion
        observe({ (state.profile, state.promptValues) }) { profile, values in
            editor.send(.prompt(PromptRenderer.render(format: profile.promptFormat, values: values, theme: presenter.theme)))
        }
        observe({ state.profile.settings.historySize }) { editor.send(.historyLimit($0)) }
        observe({ state.completionContext }) { completion.value = $0 }
    }
}

/// Calls `apply` with what `read` returns now and again after every change to what it read.
@MainActor
func observe<Value>(_ read: @escaping @MainActor @Sendable () -> Value, apply: @escaping @MainActor @Sendable (Value) -> Void) {
    let value = withObservationTracking(read) {
        Task { @MainActor in observe(read, apply: apply) }
    }
    apply(value)
}

/// A value published by the main actor and read from the readline thread.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
