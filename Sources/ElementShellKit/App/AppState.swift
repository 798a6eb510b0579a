import Foundation
import Logging
import MatrixCrypto
import Observation

/// The one owner of the shell's state. Its storage lives here; its behaviour is split by concern
/// across `AppState+*.swift`. Only `send` changes it, on the main actor; services report back to it.
@MainActor
@Observable
public final class AppState {
    // Session
    public internal(set) var session: Session?
    /// The session the homeserver signed out, kept (with its store) until the next login.
    public internal(set) var signedOutSession: Session?
    public internal(set) var isLoggingIn = false
    /// A `/logout` is asking the homeserver to end the session.
    var isLoggingOut = false
    /// How many `/login` commands have run, from any source (typed, alias, script, timer): keys
    /// typed meanwhile may be a password and are not to be taken for the next command.
    public internal(set) var loginAttemptCount = 0

    // Rooms and sync
    /// The session's rooms by ID, from the store at start and from sync after each commit.
    public internal(set) var rooms: [String: RoomRecord] = [:]
    public internal(set) var syncStatus = SyncStatus.stopped
    /// How many sync responses have been applied since start, for `/wait sync`.
    public internal(set) var appliedSyncCount = 0
    /// The room plain lines go to.
    public internal(set) var currentRoomID: String?
    /// Rooms joined in this session that sync has not yet brought as joined; `/wait sync` waits for them.
    var joinsAwaitingSync: Set<String> = []
    /// The session's store had never synced when its services started, and no full response has
    /// been applied since: a script's commands that read the rooms wait for one (`awaitFirstSync`).
    var awaitsFirstSync = false
    /// The thread of the current room plain lines go to (its root's event ID), after `/thread`.
    public internal(set) var currentThreadRoot: String?
    /// How many messages have arrived in open rooms, and the latest of them, for `/wait message`.
    var arrivals: (count: Int, recent: [String]) = (0, [])
    /// The oldest message shown of the current room, where `/history` goes on from.
    @ObservationIgnored var historyCursor: Int64?
    /// The newest messages of each room opened in this session, up to `timeline_size` each.
    @ObservationIgnored var timelines: [String: RoomTimeline] = [:]
    /// The `~N` numbers messages were shown with: one series for the session, across rooms, so a
    /// number also says which room (search results come from anywhere).
    @ObservationIgnored var references = ReferenceTable()
    /// Own edits shown as they were queued, by the event they change, with their new text, so
    /// the edit that sync brings back is not shown twice.
    @ObservationIgnored var echoedEdits: [String: String] = [:]
    /// Messages shown by `/search` that the store does not hold, so their numbers work too.
    @ObservationIgnored var searchResults: [String: MessageRecord] = [:]
    /// Whether the user was told that the first sync of this session takes a while.
    @ObservationIgnored var announcedFirstSync = false
    /// How long a first sync may take before the user is told it is under way.
    @ObservationIgnored var firstSyncNoticeDelay = Duration.seconds(2)
    /// Tells the user, past that delay, that the first sync is under way.
    @ObservationIgnored var firstSyncNotice: Task<Void, Never>?
    /// Sender names of the current room, unique within it (observed: completion offers them).
    var memberNames: [String: String] = [:]
    /// The rooms the last `/space` listed, which `/join N` counts.
    @ObservationIgnored var shownSpaceRooms: [SpaceRoom] = []
    /// What the session asks of its homeserver: set and dropped together with `session`.
    @ObservationIgnored var services: SessionServices?
    @ObservationIgnored var store: StoreWriter?
    /// The session's store could not be opened or read: commands that need it say so, rather
    /// than that nobody is logged in; `/logout` removes it.
    @ObservationIgnored var storeFailed = false
    @ObservationIgnored var syncTask: Task<Void, Never>?
    /// Whether sync long-polls for news: always in the interactive shell; in batch mode once a
    /// command has waited for a message (`/wait message`).
    @ObservationIgnored var syncsLive: Bool
    /// Whether the latest loop long-polls; one that only catches up is let finish (see `restartSync`).
    @ObservationIgnored var syncLoopPolls = false
    /// Whether this run said that the homeserver does not offer the sliding sync the setting asks for.
    @ObservationIgnored var toldSlidingSyncUnavailable = false
    /// The room sync was last told is open (`followOpenRoom`), with the services that were told.
    @ObservationIgnored var followedRoom: (roomID: String?, generation: Int)?
    /// The latest sync loop that has ended, so the end of a script can wait for its catch-up.
    var endedSyncRun = 0
    /// Changes whenever the services of a session stop, so a late report of theirs is dropped.
    @ObservationIgnored var serviceGeneration = 0
    /// Counts the sync loops started, so a replaced one's late failures are dropped.
    @ObservationIgnored var syncRun = 0
    /// The latest sync loop that has had a response applied; `/wait sync` waits for its own.
    var latestSyncedRun = 0
    @ObservationIgnored var sendQueue: SendQueue?
    /// How many messages the send queue has sent or failed to send, for `/wait sent`.
    var sendReportCount = 0
    /// The session's end-to-end encryption, while a session is open and it could start.
    @ObservationIgnored var crypto: CryptoMachine?
    /// The session's key verifications, while its crypto machine runs.
    @ObservationIgnored var verifications: VerificationCenter?
    /// Each verification of the session as last reported, by its number.
    var verificationSummaries: [Int: VerificationSummary] = [:]
    /// The state of each verification last shown, so a step is told once.
    @ObservationIgnored var shownVerificationStates: [Int: VerificationSummary.State] = [:]
    /// The steps `/wait verification` has returned already (`number state`).
    @ObservationIgnored var awaitedVerificationSteps: Set<String> = []
    /// A verification with another own device asked it for secrets that have not all come.
    var awaitsSecrets = false
    /// The devices whose messages are shown as trusted.
    @ObservationIgnored var deviceTrust = DeviceTrust()
    @ObservationIgnored var sendTask: Task<Void, Never>?
    /// The cancelled tasks of stopped services that may still be finishing a write.
    @ObservationIgnored var stoppedTasks: [Task<Void, Never>] = []
    /// PBKDF2 rounds for `/keys export`; tests lower it, everything else keeps Element's default.
    @ObservationIgnored var keyExportRounds = RoomKeyExport.defaultRounds
    /// How many requests commands started without waiting for are still under way.
    var pendingEffectCount = 0

    // Receipts and typing
    /// Who is typing in each room, by user ID, never the user; the prompt shows the open room's.
    public internal(set) var typingUserIDs: [String: [String]] = [:]
    /// The open room's receipt, waiting to cover whatever arrives meanwhile in one request.
    @ObservationIgnored var pendingReceipt: PendingReceipt?
    /// How long an opened room, or new messages of the open room, wait before they are marked read.
    @ObservationIgnored var readMarkDelay = Duration.seconds(1)
    /// The room last told that the user is typing, and when.
    @ObservationIgnored var typingNotice: (roomID: String, sentAt: Duration)?
    /// The last typing request; each waits for the one before, so a stop never overtakes a start.
    @ObservationIgnored var typingRequest: Task<Void, Never>?

    // Settings and branding
    public let config: ShellConfig
    /// The running profile, with `/set` changes applied to its settings.
    public internal(set) var profile: Profile
    public let configFile: String?
    public let dataDirectory: String
    /// The language user-facing strings are in: the `language` setting, else the environment's.
    public internal(set) var language = LocalizationTables.sourceLanguage

    // Scripting
    public internal(set) var aliases: [String: String] = [:]
    /// Lines `/after` has scheduled that have not run yet.
    public internal(set) var scheduledLineCount = 0
    @ObservationIgnored var timers: [Int: Task<Void, Never>] = [:]
    /// The lines of those timers, by timer.
    @ObservationIgnored var scheduledLines: [Int: String] = [:]
    /// The timers whose line is running now, which Ctrl-C stops.
    @ObservationIgnored var runningTimers: Set<Int> = []
    @ObservationIgnored var nextTimerID = 0

    // App
    public internal(set) var isQuitting = false

    @ObservationIgnored let environment: AppEnvironment
    @ObservationIgnored let report: @MainActor (Report) -> Void
    @ObservationIgnored var authService: any AuthService
    /// Matrix IDs and what happened to them; never secrets or message bodies.
    @ObservationIgnored let logger = Logger(label: "element-shell.app")

    public init(
        config: ShellConfig,
        profile: Profile,
        configFile: String?,
        dataDirectory: String,
        environment: AppEnvironment,
        report: @escaping @MainActor (Report) -> Void
    ) {
        self.config = config
        self.profile = profile
        self.configFile = configFile
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.report = report
        authService = environment.makeAuthService(profile.settings)
        syncsLive = environment.syncsContinuously
        applyLanguage()
    }
}
