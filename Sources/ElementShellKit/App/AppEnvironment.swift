import Foundation
import MatrixClient
import MatrixCrypto

/// The services AppState asks for work. A struct of values and closures: `live` wires the real
/// ones, tests wire plain ones.
public struct AppEnvironment: Sendable {
    /// Builds the auth service for the current network settings (CA file, timeout).
    public var makeAuthService: @Sendable (_ settings: Settings) -> any AuthService
    public var sessionStore: SessionStore
    /// The client IDs OAuth 2.0 servers gave this app, one registration per server.
    public var oauthClients: OAuthClientStore
    /// Opens the local store of a session (creating it the first time).
    public var openStore: @Sendable (Session) throws -> StoreWriter
    /// Deletes a session's local store, once the session has ended for good.
    public var removeStore: @Sendable (Session) async -> Void
    /// Builds a session's services once, when it starts (login, resume) or its network settings
    /// change: the only place the app gets them from.
    public var makeSessionServices: @Sendable (Session, Settings) -> SessionServices
    /// The password for a login, asked only once the homeserver is known to accept one.
    public var password: @Sendable (_ request: PasswordRequest) async -> PasswordAnswer
    /// Where a single sign-on's browser comes back: a new one-shot listener for each login.
    public var listenForLoginRedirect: @Sendable (LoginRedirectPages) throws -> any LoginRedirectListener
    /// Shows a link in the user's browser, where a desktop is there to show it; false when not.
    public var openInBrowser: @Sendable (URL) async -> Bool
    /// The passphrase of a key export file, asked without echo (or read from a file in batch mode).
    public var passphrase: @Sendable (_ request: PassphraseRequest) async -> PasswordAnswer
    /// A yes/no question before something destructive; `nil` when nobody can answer (batch mode).
    public var confirm: @Sendable (_ question: ConfirmationQuestion) async -> Bool?
    /// Reads a script file (path already expanded).
    public var readScript: @Sendable (_ path: String) async -> String?
    /// The environment variables, for `~`, `$XDG_*` and the language.
    public var variables: [String: String]
    /// The device name shown to other sessions, usually the host's name.
    public var hostName: String
    /// What every timer of the app and its services reads.
    public var clock: any ShellClock
    /// Whether a session keeps a sync request open for news, as the interactive shell does. In
    /// batch mode it catches up when the session starts and when a command waits for the server.
    public var syncsContinuously: Bool
    /// The language the app chose (at start, and on `/set language`) for the process's strings:
    /// the live wiring sets `L10n.language`; tests leave the process's language alone.
    public var useLanguage: @Sendable (String) -> Void
    /// The log level chosen on `/set log_level`, for the process's log file.
    public var useLogLevel: @Sendable (LogLevel) -> Void
    /// The terminal pictures are drawn on; nil where they are not (batch mode, JSON, a pipe).
    public var pictureTerminal: PictureTerminal?
    /// Delays and costs that tests shorten; everything else keeps the defaults.
    public var tuning = Tuning()

    public init(
        makeAuthService: @escaping @Sendable (Settings) -> any AuthService,
        sessionStore: SessionStore,
        oauthClients: OAuthClientStore,
        openStore: @escaping @Sendable (Session) throws -> StoreWriter,
        removeStore: @escaping @Sendable (Session) async -> Void,
        makeSessionServices: @escaping @Sendable (Session, Settings) -> SessionServices,
        password: @escaping @Sendable (PasswordRequest) async -> PasswordAnswer,
        listenForLoginRedirect: @escaping @Sendable (LoginRedirectPages) throws -> any LoginRedirectListener = { try LoopbackRedirectListener(pages: $0) },
        openInBrowser: @escaping @Sendable (URL) async -> Bool = { _ in false },
        passphrase: @escaping @Sendable (PassphraseRequest) async -> PasswordAnswer = { _ in .missing },
        confirm: @escaping @Sendable (ConfirmationQuestion) async -> Bool?,
        readScript: @escaping @Sendable (String) async -> String?,
        variables: [String: String],
        hostName: String,
        clock: any ShellClock = SystemClock(),
        syncsContinuously: Bool = true,
        useLanguage: @escaping @Sendable (String) -> Void = { _ in },
        useLogLevel: @escaping @Sendable (LogLevel) -> Void = { _ in }
    ) {
        self.makeAuthService = makeAuthService
        self.sessionStore = sessionStore
        self.oauthClients = oauthClients
        self.openStore = openStore
        self.removeStore = removeStore
        self.makeSessionServices = makeSessionServices
        self.password = password
        self.listenForLoginRedirect = listenForLoginRedirect
        self.openInBrowser = openInBrowser
        self.passphrase = passphrase
        self.confirm = confirm
        self.readScript = readScript
        self.variables = variables
        self.hostName = hostName
        self.clock = clock
        self.syncsContinuously = syncsContinuously
        self.useLanguage = useLanguage
        self.useLogLevel = useLogLevel
    }
}

public struct PasswordRequest: Sendable, Equatable {
    public var user: String
    public var homeserver: String
}

/// What came of asking for a password. The password itself prints only as its case name.
public enum PasswordAnswer: Sendable, Equatable, CustomStringConvertible {
    case password(String)
    /// The user declined (Ctrl-C, Ctrl-D).
    case cancelled
    /// Nobody can be asked and none was given (batch mode without file or variable).
    case missing
    case unreadableFile(path: String)

    public var description: String {
        switch self {
        case .password: "password(<redacted>)"
        case .cancelled: "cancelled"
        case .missing: "missing"
        case .unreadableFile(let path): "unreadableFile(\(path))"
        }
    }
}

/// Which passphrase `/keys` asks for.
public enum PassphraseRequest: Sendable, Equatable {
    /// For a new export file; `repeated` the second time, which must give the same one.
    case export(path: String, repeated: Bool)
    case `import`(path: String)
    /// The passphrase of the account's secret storage (`/recovery --passphrase`).
    case recovery
}

public enum ConfirmationQuestion: Sendable, Equatable {
    case logout(userID: String)
    /// `/encrypt`: it cannot be undone.
    case encryptRoom(roomName: String)
    /// `/recovery setup`: the new recovery key, shown once; yes once the user has saved it.
    case recoveryKeySaved(recoveryKey: String)
    /// `/recovery reset`: a new identity replaces the account's.
    case resetIdentity(userID: String)
    /// `/backup off`: the server's backup of the account's room keys is deleted.
    case turnBackupOff(userID: String)
    /// A pasted block of more lines than are sent without asking, to go as one message.
    case sendPastedLines(count: Int)
    /// `/report`: the homeserver's admins will see what is reported, with the reason.
    case report(ReportedItem)
    /// `/upgrade`: the room ends, its conversation goes on in a new one.
    case upgradeRoom(roomName: String, version: String)
}

/// Delays and costs the app keeps fixed, which tests shorten.
public struct Tuning: Sendable {
    /// How long an opened room, or new messages of the open room, wait before they are marked read.
    public var readMarkDelay: Duration
    /// How long a first sync may take before the user is told it is under way.
    public var firstSyncNoticeDelay: Duration
    /// PBKDF2 rounds for `/keys export`: Element's default.
    public var keyExportRounds: Int

    public init(readMarkDelay: Duration = .seconds(1), firstSyncNoticeDelay: Duration = .seconds(2),
                keyExportRounds: Int = RoomKeyExport.defaultRounds) {
        self.readMarkDelay = readMarkDelay
        self.firstSyncNoticeDelay = firstSyncNoticeDelay
        self.keyExportRounds = keyExportRounds
    }
}
