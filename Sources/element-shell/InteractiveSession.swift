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
        let exitStatus = Shared<Int32>(0)
        // Asked before the line editor reads the terminal, which would take its answers for typing.
        let terminalSetup = context.options.output == .text && !context.profile.settings.screenReader
            ? PictureTerminalSetup.terminal(images: context.profile.settings.images, environment: context.environment) : .none
        // The state exists only after the editor it asks questions through; the editor's hooks
        // reach it through this box.
        let stateBox = Shared<AppState?>(nil)
        let editor = LineEditor(
            prompt: "",
            screenReader: context.profile.settings.screenReader,
            typedAhead: terminalSetup.typedAhead,
            history: HistoryFile(path: context.dataDirectory + "/history", limit: context.profile.settings.historySize),
            hooks: LineEditor.Hooks(
                line: { lineSink.yield($0) },
                interrupted: {
                    running.value?.cancel()
                    Task { @MainActor in await stateBox.value?.send(ShellAction.interrupt) }
                },
                hungUp: { signal in
                    exitStatus.value = 128 + signal
                    Task { @MainActor in await stateBox.value?.send(ShellAction.end) }
                },
                complete: { Completer.complete($0, context: completion.value) },
                shouldRecordInHistory: HistoryPolicy.shouldRecord,
                saveDraft: { text in
                    Task { @MainActor in _ = await stateBox.value?.send(.draft(.save(text: text))) }
                },
                lineChanged: { text in
                    Task { @MainActor in await stateBox.value?.send(ShellAction.inputLineChanged(text)) }
                }
            )
        )
        let presenter = Presenter(format: context.options.output, profile: context.profile, isTerminal: true,
                                  environment: context.environment) { output, _ in editor.send(.print(output)) }
        let state = context.makeState(
            presenter: presenter,
            syncsContinuously: true,
            pictureTerminal: terminalSetup.terminal,
            password: { request in
                let prompt = L10n.screenLoginPasswordPrompt(TerminalSanitizer.clean(request.user), TerminalSanitizer.clean(request.homeserver))
                return await editor.ask(prompt, hidden: true).map(PasswordAnswer.password) ?? .cancelled
            },
            passphrase: { request in
                let prompt = switch request {
                case .export(let path, repeated: false): L10n.screenKeysExportPassphrasePrompt(TerminalSanitizer.clean(path))
                case .export(_, repeated: true): L10n.screenKeysExportPassphraseAgainPrompt
                case .import(let path): L10n.screenKeysImportPassphrasePrompt(TerminalSanitizer.clean(path))
                case .recovery: L10n.screenRecoveryPassphrasePrompt
                }
                return await editor.ask(prompt, hidden: true).map(PasswordAnswer.password) ?? .cancelled
            },
            confirm: { question in
                if case .recoveryKeySaved(let key) = question {
                    // A prompt is one line: the key and its sentences go above it, each whole.
                    let theme = await MainActor.run { presenter.theme }
                    editor.send(.print(TrustText.recoveryKeyLines(key, theme: theme, width: TerminalSize.columns())))
                }
                return await Self.confirm(question, editor: editor)
            }
        )
        stateBox.value = state
        presenter.fillInputLine = { editor.send(.setLine($0)) }
        presenter.drawPicture = { lines, sequence, rows in editor.send(.picture(lines: lines, sequence: sequence, rows: rows)) }
        presenter.alert = { [weak state] attention in
            guard let settings = state?.profile.settings, settings.notify != .off else { return }
            editor.send(.ring)
            if settings.notify == .desktop {
                DesktopNotifier.show(attention, appName: state?.profile.appName ?? "", includingBody: settings.notifyBodies)
            }
        }
        editor.start()
        follow(state, editor: editor, presenter: presenter, lineSink: lineSink)
        await runTracked(state) { await self.context.start(state) }
        if context.options.output == .text, !state.isQuitting {
            let appName = presenter.theme.accent(TerminalSanitizer.clean(context.profile.appName))
            var welcome = [L10n.screenWelcome(appName)]
            if state.session == nil {
                welcome.append(L10n.screenWelcomeLoginHint(TerminalSanitizer.clean(context.profile.defaultHomeserver)))
            }
            editor.send(.print(welcome))
        }
        // The startup's output is in: a screen reader's prompt comes after it.
        editor.send(.startupFinished)
        for await line in lines {
            guard let line, !state.isQuitting else { break }
            let attempts = state.loginAttemptCount
            await run(PastedBlock(line), in: state, editor: editor)
            if state.isQuitting { break }
            editor.send(.resumeInput(discardingTypeahead: state.loginAttemptCount != attempts))
        }
        await state.send(ShellAction.end)
        await editor.stop()
        return exitStatus.value
    }

    /// Runs a finished line, or what a paste put into it: commands one by one (the rest of the
    /// block dropped after one that tried to log in, as typeahead is, since it may hold a password);
    /// text as one message, once the user said yes to a long one. After a no, Up brings the text
    /// back from the history, as any line sent.
    private func run(_ block: PastedBlock, in state: AppState, editor: LineEditor) async {
        switch block {
        case .lines(let lines):
            let attempts = state.loginAttemptCount
            for line in lines {
                await runTracked(state) { await state.run(line: line) }
                if state.isQuitting || state.loginAttemptCount != attempts { return }
            }
        case .message(let text, let lineCount, let asksFirst):
            if asksFirst, await Self.confirm(.sendPastedLines(count: lineCount), editor: editor) != true { return }
            await runTracked(state) { await state.run(line: text) }
        }
    }

    /// A yes/no question on the input line; Ctrl-C answers no.
    private static func confirm(_ question: ConfirmationQuestion, editor: LineEditor) async -> Bool? {
        let prompt = switch question {
        case .logout(let userID): L10n.screenLogoutConfirm(TerminalSanitizer.clean(userID))
        case .encryptRoom(let roomName): L10n.screenEncryptConfirm(TerminalSanitizer.clean(roomName))
        case .recoveryKeySaved: L10n.screenRecoveryKeySavedConfirm
        case .resetIdentity(let userID): L10n.screenRecoveryResetConfirm(TerminalSanitizer.clean(userID))
        case .turnBackupOff(let userID): L10n.screenBackupOffConfirm(TerminalSanitizer.clean(userID))
        case .sendPastedLines(let count): L10n.screenPasteConfirm(count)
        case .report(let item): L10n.screenReportConfirm(SafetyText.name(of: item))
        case .upgradeRoom(let roomName, let version): L10n.screenUpgradeConfirm(TerminalSanitizer.clean(roomName), TerminalSanitizer.clean(version))
        }
        guard let answer = await editor.ask(prompt, hidden: false) else { return false }
        let yes = L10n.commonAnswerYes.split(separator: ",")
        return yes.contains { $0 == answer.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// Runs work that Ctrl-C may stop.
    private func runTracked(_ state: AppState, _ work: @escaping @MainActor () async -> Bool) async {
        let task = Task { await work() }
        running.value = task
        _ = await task.value
        running.value = nil
    }

    /// Keeps the prompt, the theme, the history size and the completion candidates in step with the state.
    private func follow(_ state: AppState, editor: LineEditor, presenter: Presenter, lineSink: AsyncStream<String?>.Continuation) {
        let completion = completion
        // `/quit` from a timer or a script ends the shell too, not only a typed one.
        observe({ state.isQuitting }) { if $0 { lineSink.finish() } }
        let drawPrompt = { @MainActor @Sendable in
            editor.send(.prompt(state.prompt(theme: presenter.theme)))
        }
        observe({ state.prompt(theme: presenter.theme) }) { _ in drawPrompt() }
        // The offline countdown and a slow sync's seconds move each second; nothing else in the prompt does.
        Task { @MainActor in
            while !state.isQuitting {
                try? await state.clock.sleep(for: .seconds(1))
                switch state.syncStatus {
                case .offline, .failing, .catchingUp: drawPrompt()
                case .live, .stopped: break
                }
            }
        }
        observe({ state.profile.settings.historySize }) { editor.send(.historyLimit($0)) }
        observe({ state.profile.settings.screenReader }) { editor.send(.screenReader($0)) }
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
