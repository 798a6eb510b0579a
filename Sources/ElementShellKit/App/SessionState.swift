import Foundation
import MatrixClient

/// What the shell shows and remembers of one session: its rooms, the open room, what was listed
/// and numbered, who types, which verifications it saw. A value, replaced whole when the
/// session's services stop for good (logout, sign-out), so nothing of one account is left for the
/// next: `AppStateLogoutTests` compares it with a fresh one.
public struct SessionState: Equatable {
    /// The session's rooms by ID, from the store at start and from sync after each commit.
    public internal(set) var rooms: [String: RoomRecord] = [:]
    public internal(set) var syncStatus = SyncStatus.stopped
    /// The room plain lines go to.
    public internal(set) var currentRoomID: String?
    /// The thread of the current room plain lines go to (its root's event ID), after `/thread`.
    public internal(set) var currentThreadRoot: String?
    /// Sender names of the current room, unique within it (completion offers them).
    var memberNames: [String: String] = [:]
    /// How often sync changed those names: `/members` does not replace names newer than its answer.
    var memberNamesSynced = 0
    /// Rooms joined in this session that sync has not yet brought as joined; `/wait sync` waits for them.
    var joinsAwaitingSync: Set<String> = []
    /// Rooms left that sync has not said so of yet: `/forget` waits for it (below).
    var leavesAwaitingSync: Set<String> = []
    /// The session's store had never synced when its services started, and no full response has
    /// been applied since: a script's commands that read the rooms wait for one (`awaitFirstSync`).
    var awaitsFirstSync = false
    /// When news of each room was last announced to a screen reader, by room ID.
    var newsAnnounced: [String: Date] = [:]
    /// Whether the user was told that the first sync of this session takes a while.
    var announcedFirstSync = false
    /// The oldest message shown of the current room, where `/history` goes on from.
    var historyCursor: Int64?
    /// The newest messages of each room opened in this session, up to `timeline_size` each.
    var timelines: [String: RoomTimeline] = [:]
    /// The `~N` numbers messages were shown with: one series for the session, across rooms, so a
    /// number also says which room (search results come from anywhere).
    var references = ReferenceTable()
    /// Our messages the server took that sync has not brought back yet: `^` and `~N` find them.
    var sentMessages = SentMessages()
    /// Own edits shown as they were queued, by the event they change, with their new text, so
    /// the edit that sync brings back is not shown twice.
    var echoedEdits: [String: String] = [:]
    /// Messages shown by `/search` or `/pins` that the store does not hold, so their numbers work too.
    var fetchedMessages: [String: MessageRecord] = [:]
    /// The addresses the last `/links` listed, which `/link N` counts.
    var listedLinks: [LinkEntry] = []
    /// The rooms the last `/space` or `/directory` listed, which `/join N` counts.
    var shownJoinableRooms: [SpaceRoomEntry] = []
    /// Rooms whose unread mark is being taken off on the server: a sync response made before
    /// the server had that does not mark them again.
    var unreadMarksTakingOff: Set<String> = []
    /// What the last `/directory` asked, and where `/directory --more` goes on from.
    var directoryListing: DirectoryListing?
    /// The devices whose messages are shown as trusted.
    var deviceTrust = DeviceTrust()
    /// The account's push rules, from the store, then sync and `/notify`; `nil` before they are read.
    var pushRules: PushRuleSet?
    /// How many of them could not be read, as last told (told again only when it changes).
    var toldUnreadablePushRules = 0
    /// Whom the user ignores, from the store, then sync and `/ignore`.
    var ignoredUsers: Set<String> = []
    /// Who is typing in each room, by user ID, never the user; the prompt shows the open room's.
    public internal(set) var typingUserIDs: [String: [String]] = [:]
    /// The room last told that the user is typing, and when.
    var typingNotice: TypingNotice?
    /// Previews of the addresses typed in messages this session, by address.
    var linkPreviews: [String: LinkPreviewFetch] = [:]
    /// Waits for the address being typed at the end of the line to stand still.
    var previewPause: Task<Void, Never>?
    /// The input line as it stood after the last key, so a preview that comes is told only while
    /// its address is still being typed.
    var typedLine = ""
    /// The session's store could not be opened or read: commands that need it say so, rather
    /// than that nobody is logged in; `/logout` removes it.
    var storeFailed = false
    /// The session's key verifications as reported, shown and waited for.
    var verifications = VerificationProgress()
    /// A verification with another own device asked it for secrets that have not all come.
    var awaitsSecrets = false
}

/// The room last told that the user is typing, and when (on the app's clock).
struct TypingNotice: Equatable {
    let roomID: String
    let sentAt: Duration
}

/// The verifications of the running services: each as last reported, the state last shown, and
/// the steps `/wait verification` has returned. They go with the services that report them.
struct VerificationProgress: Equatable {
    /// Each verification of the session as last reported, by its number.
    var summaries: [Int: VerificationSummary] = [:]
    /// The state of each verification last shown, so a step is told once.
    var shownStates: [Int: VerificationSummary.State] = [:]
    /// The steps `/wait verification` has returned already (`number state`).
    var awaitedSteps: Set<String> = []
}

extension SessionState {
    /// Opens the room, outside any thread and with nothing of it shown yet; `names` are its
    /// members' unique names, when they were read.
    mutating func makeCurrent(_ roomID: String, names: [String: String] = [:]) {
        currentRoomID = roomID
        currentThreadRoot = nil
        memberNames = names
        historyCursor = nil
    }
}
