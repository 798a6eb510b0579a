/// What applying a sync response left in the store, for the app to show.
public struct SyncResult: Sendable, Equatable {
    public var rooms: [RoomRecord]
    /// Messages the store did not have before this response, each with its `seq`.
    public var messages: [MessageRecord]
    /// Rooms whose stored messages were dropped because the response skipped events after them:
    /// the store keeps each room's timeline without holes, and `/history` fetches across the gap.
    public var gaps: Set<String>
    /// Rooms where a member joined or changed their display name.
    public var memberChanges: Set<String>
    /// Stored messages that were edited or redacted, as they now stand.
    public var changedMessages: [MessageRecord]
    /// Reactions the store did not have before.
    public var reactions: [ReactionRecord]
    /// Who is typing now in each room whose typing changed (never stored: it is only news).
    public var typing: [String: [String]] = [:]
    /// What the push rules said of the new messages of others, by room: only rooms where one notifies.
    public var alerts: [String: PushAlert] = [:]
    /// The account's push rules, when the response changed them.
    public var pushRules: PushRuleSet?
    /// Everyone the user ignores, when the response changed the list.
    public var ignoredUsers: Set<String>?
    /// Those who asked to join a room where the user may let them in.
    public var knocks: [Knock] = []
    /// The response said the server has more to send at once: catching up is not over.
    public var hasMore = false

    public init(rooms: [RoomRecord], messages: [MessageRecord], gaps: Set<String> = [], memberChanges: Set<String> = [],
                changedMessages: [MessageRecord] = [], reactions: [ReactionRecord] = []) {
        self.rooms = rooms
        self.messages = messages
        self.gaps = gaps
        self.memberChanges = memberChanges
        self.changedMessages = changedMessages
        self.reactions = reactions
    }
}
