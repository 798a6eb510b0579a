import GRDB

/// A room as the store keeps it: what the room list and the prompt need, derived from sync.
public struct RoomRecord: Sendable, Equatable, FetchableRecord, TableRecord {
    public enum Membership: String, Sendable {
        case join, invite, leave
    }

    public static let databaseTableName = "room"

    public var roomID: String
    public var membership: Membership
    public var name: String?
    public var canonicalAlias: String?
    public var topic: String?
    /// Members to name the room after when it has no name or alias, as the server chose them.
    public var heroes: [String]
    /// The display names of `heroes`, in the same order, from the room's members; empty where
    /// unknown.
    public var heroNames: [String]
    public var joinedMemberCount: Int
    public var notificationCount: Int
    public var highlightCount: Int
    /// Timestamp (ms) of the newest event seen, for sorting by activity.
    public var lastActivity: Int64
    /// The token to page back from the oldest stored message; empty at the room's beginning.
    public var previousBatch: String?
    /// A direct chat: listed in the account's `m.direct`, or an invite marked `is_direct`.
    public var isDirect: Bool
    /// Created as a space: a room that groups other rooms.
    public var isSpace: Bool
    /// The rooms a space names as its children (`m.space.child` with `via`), sorted by ID.
    public var spaceChildren: [String]
    /// How messages in the room are encrypted (`m.room.encryption`); `nil` while they are not.
    public var encryption: RoomEncryption?
    /// The newest timeline event sync brought, of any type: a later timeline that skipped events
    /// but holds this one still continues what the store holds.
    public var lastEventID: String?
    /// Marked unread by the user (`m.marked_unread`), here or in another client.
    public var isMarkedUnread = false
    /// The events pinned in the room (`m.room.pinned_events`), in the event's order.
    public var pinnedEventIDs: [String] = []
    /// The room that replaced this one (`m.room.tombstone`): it was upgraded.
    public var replacementRoomID: String?
    /// The room this one replaced (its `m.room.create`'s `predecessor`).
    public var predecessorRoomID: String?

    public init(roomID: String, membership: Membership, name: String? = nil, canonicalAlias: String? = nil, topic: String? = nil,
                heroes: [String] = [], heroNames: [String] = [], joinedMemberCount: Int = 0, notificationCount: Int = 0, highlightCount: Int = 0, lastActivity: Int64 = 0,
                previousBatch: String? = nil, isDirect: Bool = false, isSpace: Bool = false, spaceChildren: [String] = [],
                encryption: RoomEncryption? = nil, lastEventID: String? = nil) {
        self.roomID = roomID
        self.membership = membership
        self.name = name
        self.canonicalAlias = canonicalAlias
        self.topic = topic
        self.heroes = heroes
        self.heroNames = heroNames
        self.joinedMemberCount = joinedMemberCount
        self.notificationCount = notificationCount
        self.highlightCount = highlightCount
        self.lastActivity = lastActivity
        self.previousBatch = previousBatch
        self.isDirect = isDirect
        self.isSpace = isSpace
        self.spaceChildren = spaceChildren
        self.encryption = encryption
        self.lastEventID = lastEventID
    }

    // Heroes are few user IDs: one text column, newline-separated, keeps the schema flat.
    public init(row: Row) throws {
        roomID = row["room_id"]
        membership = Membership(rawValue: row["membership"]) ?? .leave
        name = row["name"]
        canonicalAlias = row["canonical_alias"]
        topic = row["topic"]
        heroes = (row["heroes"] as String).split(separator: "\n").map(String.init)
        let heroNames: String = row["hero_names"]
        self.heroNames = heroNames.isEmpty ? [] : heroNames.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        joinedMemberCount = row["joined_member_count"]
        notificationCount = row["notification_count"]
        highlightCount = row["highlight_count"]
        lastActivity = row["last_activity"]
        previousBatch = row["prev_batch"]
        isDirect = row["is_direct"]
        isSpace = row["is_space"]
        spaceChildren = (row["space_children"] as String).split(separator: "\n").map(String.init)
        encryption = (row["encryption"] as String?).flatMap(RoomEncryption.init(storedText:))
        lastEventID = row["last_event_id"]
        isMarkedUnread = row["marked_unread"]
        pinnedEventIDs = (row["pinned"] as String).split(separator: "\n").map(String.init)
        replacementRoomID = row["replacement_room"]
        predecessorRoomID = row["predecessor_room"]
    }

    /// Joined but not brought by sync yet (kept by `StoreWriter.recordJoin`): every room sync
    /// brings has a way back through its history, empty at the room's beginning.
    public var isAwaitingFirstSync: Bool {
        membership == .join && previousBatch == nil
    }

    /// Whether `/rooms --unread` lists it: messages or mentions wait in it, or it is marked so.
    public var isUnread: Bool {
        notificationCount > 0 || highlightCount > 0 || isMarkedUnread
    }

    /// Writes the room, new or known, in the write path's batch of statements.
    func save(with inserter: inout RowInserter) throws {
        inserter.bind(roomID)
        inserter.bind(membership.rawValue)
        inserter.bind(name)
        inserter.bind(canonicalAlias)
        inserter.bind(topic)
        inserter.bind(heroes.joined(separator: "\n"))
        inserter.bind(heroNames.joined(separator: "\n"))
        inserter.bind(Int64(joinedMemberCount))
        inserter.bind(Int64(notificationCount))
        inserter.bind(Int64(highlightCount))
        inserter.bind(lastActivity)
        inserter.bind(previousBatch)
        inserter.bind(Int64(isDirect ? 1 : 0))
        inserter.bind(Int64(isSpace ? 1 : 0))
        inserter.bind(spaceChildren.joined(separator: "\n"))
        inserter.bind(encryption?.storedText)
        inserter.bind(lastEventID)
        inserter.bind(Int64(isMarkedUnread ? 1 : 0))
        inserter.bind(pinnedEventIDs.joined(separator: "\n"))
        inserter.bind(replacementRoomID)
        inserter.bind(predecessorRoomID)
        try inserter.run()
    }

    /// The statement `save(with:)` fills, its values in the same order.
    static let saveSQL = """
        INSERT OR REPLACE INTO room (room_id, membership, name, canonical_alias, topic, heroes, hero_names, joined_member_count,
                                     notification_count, highlight_count, last_activity, prev_batch, is_direct, is_space, space_children,
                                     encryption, last_event_id, marked_unread, pinned, replacement_room, predecessor_room)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
}
