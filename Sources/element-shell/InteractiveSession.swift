import ElementShellKit
import Foundation
import Observation
import Synchronization

/// The shell at a terminal: readline, a prompt that follows the state, lines run one at a time.
@MainActor
final class InteractiveSession {
    private let context: LaunchContext
    private let completion = CompletionSnapshot()

    init(context: LaunchContext) {
        self.context = context
    }

    func run() async -> Int32 {
        let (lines, lineSink) = AsyncStream.makeStream(of: String?.self)
        let completion = completion
        let editor = LineEditor(
            prompt: "",
            history: HistoryFile(path: context.dataDirectory + "/history", limit: context.profile.settings.historySize),
            hooks: LineEditor.Hooks(
                line: { lineSink.yield($0) },
                complete: { line in
                    switch Completer.complete(line, context: completion.current) {
                    case .files: .files
                    case .candidates(let candidates): .candidates(candidates)
                    }
                },
                shouldRecordInHistory: HistoryPolicy.shouldRecord
            )
        )
        let presenter = Presenter(format: context.options.output, profile: context.profile, isTerminal: true,
                                  environment: context.environment) { output, _ in editor.send(.print(output)) }
        let state = context.makeState(
            presenter: presenter,
            password: { request in
                await editor.ask(L10n.screenLoginPasswordPrompt(request.user, request.homeserver), hidden: true)
            },
            confirm: { question in
                guard case .logout(let userID) = question else { return false }
                let answer = await editor.ask(L10n.screenLogoutConfirm(userID), hidden: false) ?? ""
                return L10n.commonAnswerYes.split(separator: ",").contains { $0 == answer.trimmingCharacters(in: .whitespaces).lowercased() }
            }
        )
        presenter.state = state
        editor.start()
        follow(state, editor: editor, presenter: presenter)
        _ = await context.start(state)
        if context.options.output == .text {
            var welcome = [L10n.screenWelcome(presenter.theme.accent(context.profile.appName))]
            if state.session == nil {
                welcome.append(L10n.screenWelcomeLoginHint(context.profile.defaultHomeserver))
            }
            editor.send(.print(welcome))
        }
        if !state.isQuitting {
            for await line in lines {
                guard let line else { break }
                await state.run(line: line)
                if state.isQuitting { break }
            }
        }
        await editor.stop()
        return 0
    }

    /// Keeps the prompt, the theme and the completion candidates in step with the state.
    private func follow(_ state: AppState, editor: LineEditor, presenter: Presenter) {
        let completion = completion
        observe({ (state.profile, state.promptValues) }) { profile, values in
            editor.send(.prompt(PromptRenderer.render(format: profile.promptFormat, values: values, theme: presenter.theme)))
            editor.send(.historyLimit(profile.settings.historySize))
        }
        observe({ state.completionContext }) { context in
            completion.current = context
        }
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

/// The completion candidates as last published by the main actor, read on the readline thread.
final class CompletionSnapshot: Sendable {
    private let context = Mutex(CompletionContext())

    var current: CompletionContext {
        get { context.withLock { $0 } }
        set { context.withLock { $0 = newValue } }
    }
}
