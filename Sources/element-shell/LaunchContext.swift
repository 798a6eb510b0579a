import ElementShellKit
import Foundation

/// What both kinds of session start from.
struct LaunchContext {
    let options: LaunchOptions
    let config: ShellConfig
    let profile: Profile
    let configFile: String?
    let dataDirectory: String
    let environment: [String: String]
    let diagnostics: [ConfigDiagnostic]

    @MainActor
    func makeState(presenter: Presenter, syncsContinuously: Bool, pictureTerminal: PictureTerminal? = nil, password: @escaping @Sendable (PasswordRequest) async -> PasswordAnswer,
                   passphrase: @escaping @Sendable (PassphraseRequest) async -> PasswordAnswer,
                   confirm: @escaping @Sendable (ConfirmationQuestion) async -> Bool?) -> AppState {
        let passwordFile = options.passwordFile, passphraseFile = options.passphraseFile
        var environment = AppEnvironment.live(
            dataDirectory: dataDirectory,
            password: { request in
                if let passwordFile { return PasswordFile.read(passwordFile).map(PasswordAnswer.password) ?? .unreadableFile(path: passwordFile) }
                return await password(request)
            },
            openInBrowser: { [variables = self.environment] url in BrowserOpener.open(url, environment: variables) },
            passphrase: { request in
                if let passphraseFile { return PasswordFile.read(passphraseFile).map(PasswordAnswer.password) ?? .unreadableFile(path: passphraseFile) }
                return await passphrase(request)
            },
            confirm: confirm,
            variables: self.environment,
            hostName: ProcessInfo.processInfo.hostName,
            syncsContinuously: syncsContinuously
        )
        environment.pictureTerminal = pictureTerminal
        let state = AppState(config: config, profile: profile, configFile: configFile, dataDirectory: dataDirectory,
                             environment: environment) { report in presenter.show(report) }
        presenter.state = state
        return state
    }

    /// Config problems, a resumed session, then the startup file, as every session begins.
    @MainActor
    func start(_ state: AppState) async -> Bool {
        var succeeded = true
        for diagnostic in diagnostics {
            await state.send(.reportConfigProblem(diagnostic))
        }
        await state.send(.resumeSession)
        guard !options.noRC else { return succeeded }
        let explicit = options.rc
        let path = explicit ?? (environment["HOME"].map { $0 + "/.elrc" } ?? "")
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            succeeded = await state.send(.runScript(text: text, named: path))
        } else if let explicit {
            succeeded = await state.send(.scripting(.source(path: explicit)))
        }
        return succeeded
    }
}
