import Foundation
import MatrixClient

extension AppEnvironment {
    /// The real services of a profile's data directory, over one HTTP client per CA file for the
    /// whole run. The executable adds what only a terminal can do: ask questions.
    public static func live(
        dataDirectory: String,
        password: @escaping @Sendable (PasswordRequest) async -> PasswordAnswer,
        openInBrowser: @escaping @Sendable (URL) async -> Bool,
        passphrase: @escaping @Sendable (PassphraseRequest) async -> PasswordAnswer,
        confirm: @escaping @Sendable (ConfirmationQuestion) async -> Bool?,
        variables: [String: String],
        hostName: String,
        syncsContinuously: Bool
    ) -> AppEnvironment {
        let clock = SystemClock()
        let http = HTTPClients(userAgent: BuildInfo.userAgent, clock: clock)
        let sessionStore = SessionStore(directory: URL(fileURLWithPath: dataDirectory))
        let refresher = TokenRefresher(store: sessionStore, clock: clock)
        // Everything a session sends goes out with its current access token, renewed as it expires.
        let transport = { @Sendable (settings: Settings) -> any HTTPTransport in
            TokenRefreshingTransport(base: http.client(caFile: settings.caFile), refresher: refresher,
                                     requestTimeout: TimeInterval(settings.requestTimeout))
        }
        return AppEnvironment(
            makeAuthService: { settings in
                MatrixAuthService(transport: transport(settings), requestTimeout: TimeInterval(settings.requestTimeout), clock: clock)
            },
            sessionStore: sessionStore,
            oauthClients: OAuthClientStore(directory: URL(fileURLWithPath: dataDirectory)),
            openStore: { session in try StoreWriter(url: StoreLocation.databaseURL(for: session, dataDirectory: dataDirectory)) },
            removeStore: { session in
                try? FileManager.default.removeItem(at: StoreLocation.directory(for: session, dataDirectory: dataDirectory))
            },
            makeSessionServices: { session, settings in
                .live(session: session, syncMode: settings.sync, requestTimeout: TimeInterval(settings.requestTimeout),
                      openRoomTimelineLimit: AppState.openedHistory, http: transport(settings), clock: clock, dataDirectory: dataDirectory)
            },
            password: password,
            openInBrowser: openInBrowser,
            passphrase: passphrase,
            confirm: confirm,
            readScript: { path in try? String(contentsOfFile: path, encoding: .utf8) },
            variables: variables,
            hostName: hostName,
            clock: clock,
            syncsContinuously: syncsContinuously,
            useLanguage: { L10n.language = $0 },
            useLogLevel: { FileLogHandler.level = $0 }
        )
    }
}
