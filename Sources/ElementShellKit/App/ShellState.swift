import Foundation
import MatrixClient

/// Everything `AppState` holds that changes: who is signed in, what is shown of the session, its
/// running parts, the settings in force, scripting and the counts `/wait` reads. A value that only
/// `AppState.commit` changes, in a closure that cannot suspend: a handler awaits what it needs
/// first, then changes the state as it stands at that moment.
@dynamicMemberLookup
public struct ShellState {
    // Account
    public internal(set) var session: Session?
    /// The session the homeserver signed out, kept (with its store) until the next login.
    public internal(set) var signedOutSession: Session?
    public internal(set) var isLoggingIn = false
    /// A `/logout` is asking the homeserver to end the session.
    var isLoggingOut = false
    /// How many `/login` commands have run, from any source (typed, alias, script, timer): keys
    /// typed meanwhile may be a password and are not to be taken for the next command.
    public internal(set) var loginAttemptCount = 0

    // The session
    /// What is shown of the session; its fields read as the state's own (`state.rooms`).
    public internal(set) var sessionState = SessionState()
    /// The session's services and the tasks that run them, while they run.
    var runtime: SessionRuntime?
    /// Changes whenever the services of a session stop, so a late report of theirs is dropped.
    var serviceGeneration = 0

    // Progress across sessions, for `/wait` and the end of a script
    /// How many sync responses have been applied since start, for `/wait sync`.
    public internal(set) var appliedSyncCount = 0
    /// How many messages have arrived in open rooms, and the latest of them, for `/wait message`.
    var arrivals = Arrivals()
    /// Counts the sync loops started, so a replaced one's late failures are dropped.
    var syncRun = 0
    /// The latest sync loop that has had a response applied; `/wait sync` waits for its own.
    var latestSyncedRun = 0
    /// The latest sync loop that has ended, so the end of a script can wait for its catch-up.
    var endedSyncRun = 0
    /// How many messages the send queue has sent or failed to send, for `/wait sent`.
    var sendReportCount = 0
    /// How many requests commands started without waiting for are still under way.
    var pendingEffectCount = 0
    /// Whether sync long-polls for news: always in the interactive shell; in batch mode once a
    /// command has waited for a message (`/wait message`).
    var syncsLive: Bool
    /// Whether this run said that the homeserver does not offer the sliding sync the setting asks for.
    var toldSlidingSyncUnavailable = false
    /// The cancelled tasks of stopped services that may still be finishing a write.
    var stoppedTasks: [Task<Void, Never>] = []
    /// The last typing request; each waits for the one before, so a stop never overtakes a start.
    var typingRequest: Task<Void, Never>?

    // Settings
    /// The running profile, with `/set` changes applied to its settings.
    public internal(set) var profile: Profile
    /// The language user-facing strings are in: the `language` setting, else the environment's.
    public internal(set) var language = LocalizationTables.sourceLanguage
    /// Logs in and out under the current network settings.
    var authService: any AuthService

    // Scripting
    public internal(set) var aliases: [String: String] = [:]
    /// Lines `/after` has scheduled that have not run yet.
    public internal(set) var scheduledLineCount = 0
    var timers: [Int: Task<Void, Never>] = [:]
    /// The lines of those timers, by timer.
    var scheduledLines: [Int: String] = [:]
    /// The timers whose line is running now, which Ctrl-C stops.
    var runningTimers: Set<Int> = []
    var nextTimerID = 0

    public internal(set) var isQuitting = false

    init(profile: Profile, authService: any AuthService, syncsLive: Bool) {
        self.profile = profile
        self.authService = authService
        self.syncsLive = syncsLive
    }

    /// The session's shown state reads and changes as if it were the state's own.
    subscript<Value>(dynamicMember path: WritableKeyPath<SessionState, Value>) -> Value {
        get { sessionState[keyPath: path] }
        set { sessionState[keyPath: path] = newValue }
    }

    /// Outside the kit, what its fields show reads the same way.
    public subscript<Value>(dynamicMember path: KeyPath<SessionState, Value>) -> Value {
        sessionState[keyPath: path]
    }

    // The running parts most handlers ask for.
    var services: SessionServices? { runtime?.services }
    var store: StoreWriter? { runtime?.store }
    var crypto: CryptoMachine? { runtime?.crypto }
    var verificationCenter: VerificationCenter? { runtime?.verifications }
    var sendQueue: SendQueue? { runtime?.sendQueue }
}

/// How many messages have arrived in open rooms, and the latest of their texts.
struct Arrivals {
    var count = 0
    var recent: [String] = []
}

extension ShellState {
    /// Whether `session`'s account and device are the ones signed in: a command that found it
    /// before a logout, or before another account logged in, no longer shows what it brings.
    func isSignedIn(as session: Session) -> Bool {
        self.session?.userID == session.userID && self.session?.deviceID == session.deviceID
    }
}
