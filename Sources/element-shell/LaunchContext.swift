import ElementShellKit
import Foundation

/// What both kinds of session start from.
struct LaunchContext {
    let options: ElementShell
    let config: ShellConfig
    let profile: Profile
    let configFile: String?
    let dataDirectory: String
    let environment: [String: String]
    let diagnostics: [ConfigDiagnostic]

    @MainActor
    func makeState(presenter: Presenter, password: @escaping @Sendable (PasswordRequest) async -> PasswordAnswer,
                   passphrase: @escaping @Sendable (PassphraseRequest) async -> PasswordAnswer,
                   confirm: @escaping @Sendable (ConfirmationQuestion) async -> Bool?) -> AppState {
        let passwordFile = options.passwordFile, passphraseFile = options.passphraseFile
        let environment = AppEnvironment(
            makeAuthService: { settings in
                MatrixAuthService(transport: CurlTransport(caFile: settings.caFile, userAgent: BuildInfo.userAgent),
                                  requestTimeout: TimeInterval(settings.requestTimeout))
            },
            sessionStore: SessionStore(directory: URL(fileURLWithPath: dataDirectory)),
            openStore: { session in try StoreWriter(url: StoreLocation.databaseURL(for: session, dataDirectory: dataDirectory)) },
            removeStore: { session in
                try? FileManager.default.removeItem(at: StoreLocation.directory(for: session, dataDirectory: dataDirectory))
            },
            makeSync: { session, settings in
                let service = SyncService(session: session, transport: CurlTransport(caFile: settings.caFile, userAgent: BuildInfo.userAgent),
                                          requestTimeout: TimeInterval(settings.requestTimeout))
                return { since, waitsForNews throws(MatrixError) in try await service.next(since: since, waitsForNews: waitsForNews) }
            },
            makeSender: { session, settings, store, crypto in
                let sender = MessageSender(session: session, transport: CurlTransport(caFile: settings.caFile, userAgent: BuildInfo.userAgent),
                                           requestTimeout: TimeInterval(settings.requestTimeout), store: store, crypto: crypto)
                return { entry throws(MatrixError) in try await sender.send(entry) }
            },
            makeCrypto: { session, settings, store in
                let keys = MatrixKeysService(session: session, transport: CurlTransport(caFile: settings.caFile, userAgent: BuildInfo.userAgent),
                                             requestTimeout: TimeInterval(settings.requestTimeout))
                return try? await CryptoMachine(session: session, store: store, keys: keys,
                                                directory: StoreLocation.directory(for: session, dataDirectory: dataDirectory))
            },
            makeRoomService: { session, settings in
                MatrixRoomService(session: session, transport: CurlTransport(caFile: settings.caFile, userAgent: BuildInfo.userAgent),
                                  requestTimeout: TimeInterval(settings.requestTimeout))
            },
            makeMediaService: { session, settings in
                MatrixMediaService(session: session, transport: CurlTransport(caFile: settings.caFile, userAgent: BuildInfo.userAgent),
                                   requestTimeout: TimeInterval(settings.requestTimeout))
            },
            password: { request in
                if let passwordFile { return PasswordFile.read(passwordFile).map(PasswordAnswer.password) ?? .unreadableFile(path: passwordFile) }
                return await password(request)
            },
            passphrase: { request in
                if let passphraseFile { return PasswordFile.read(passphraseFile).map(PasswordAnswer.password) ?? .unreadableFile(path: passphraseFile) }
                return await passphrase(request)
            },
            confirm: confirm,
            readScript: { path in try? String(contentsOfFile: path, encoding: .utf8) },
            variables: self.environment,
            hostName: ProcessInfo.processInfo.hostName
        )
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
            state.reportConfigProblem(diagnostic)
        }
        await state.resumeSession()
        guard !options.noRC else { return succeeded }
        let explicit = options.rc
        let path = explicit ?? (environment["HOME"].map { $0 + "/.elrc" } ?? "")
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            succeeded = await state.runScript(text, named: path)
        } else if let explicit {
            succeeded = await state.send(.scripting(.source(path: explicit)))
        }
        return succeeded
    }
}
