/// What one signed-in session asks of its homeserver, built once when the session starts (login,
/// resume) over the run's one HTTP client, so every request shares its live connections. The app
/// drops them, and bumps its service generation, when the session ends or its network settings
/// change; no handler builds a service of its own.
public struct SessionServices: Sendable {
    /// One sync request, by the method the `sync` setting chose.
    public var sync: SyncLoop.Request
    /// Tells sliding sync which room is open, to follow with its full timeline; returns whether
    /// a long-poll under way must give way to a request that says so.
    public var followRoom: @Sendable (_ roomID: String?) async -> Bool
    /// The method of sync the session uses; `nil` until it is chosen (with `auto`, by the first
    /// request).
    public var syncMethod: @Sendable () async -> SyncMethod?
    /// Whether a first sync comes in pages, a screen of rooms first (`SyncLoop`'s
    /// `firstSyncIsPaged`).
    public var firstSyncIsPaged: @Sendable () async -> Bool
    /// Joins, leaves, membership, room state, receipts, typing, history and search.
    public var rooms: any RoomService
    /// Uploads and downloads.
    public var media: any MediaService
    /// What notifies the user: the account's push rules.
    public var notifications: any NotificationSettingsService
    /// Ignoring people, who may invite the user, reports.
    public var safety: any SafetyService
    /// The session's end-to-end encryption on its store; `nil` where there is none (unit tests)
    /// or it could not start.
    public var makeCrypto: @Sendable (StoreWriter) async -> CryptoMachine?
    /// Sends one outbox entry through the store and encryption (`nil` when encryption could not
    /// start: encrypted rooms then refuse to send).
    public var makeSender: @Sendable (StoreWriter, CryptoMachine?) -> SendQueue.Send
    /// Where key verification messages go (`nil` without a homeserver: unit tests).
    public var makeVerificationTransport: @Sendable (StoreWriter, CryptoMachine) -> (any VerificationTransport)?

    public init(
        sync: @escaping SyncLoop.Request,
        followRoom: @escaping @Sendable (String?) async -> Bool = { _ in false },
        syncMethod: @escaping @Sendable () async -> SyncMethod? = { .v3 },
        firstSyncIsPaged: @escaping @Sendable () async -> Bool = { false },
        rooms: any RoomService,
        media: any MediaService,
        notifications: any NotificationSettingsService,
        safety: any SafetyService,
        makeCrypto: @escaping @Sendable (StoreWriter) async -> CryptoMachine? = { _ in nil },
        makeSender: @escaping @Sendable (StoreWriter, CryptoMachine?) -> SendQueue.Send,
        makeVerificationTransport: @escaping @Sendable (StoreWriter, CryptoMachine) -> (any VerificationTransport)? = { _, _ in nil }
    ) {
        self.sync = sync
        self.followRoom = followRoom
        self.syncMethod = syncMethod
        self.firstSyncIsPaged = firstSyncIsPaged
        self.rooms = rooms
        self.media = media
        self.notifications = notifications
        self.safety = safety
        self.makeCrypto = makeCrypto
        self.makeSender = makeSender
        self.makeVerificationTransport = makeVerificationTransport
    }
}
