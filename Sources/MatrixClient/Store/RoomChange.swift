import MatrixJSON

/// What one sync response says about a room. `nil` fields are not mentioned in the response and
/// keep their stored value.
public struct RoomChange: Sendable, Equatable {
    public var roomID: String
    public var membership: RoomRecord.Membership
    public var name: String?
    public var canonicalAlias: String?
    public var topic: String?
    public var heroes: [String]?
    public var joinedMemberCount: Int?
    public var notificationCount: Int?
    public var highlightCount: Int?
    public var lastActivity: Int64?
    /// The timeline's `prev_batch`: kept only while the room has no way back yet (or across a gap),
    /// since older messages are fetched from the oldest stored one.
    public var previousBatch: String?
    /// The timeline was `limited`: events are missing between what the store holds and this
    /// response, and `previousBatch` is the way back across them, unless the timeline holds the
    /// newest event the store saw (`timelineEventIDs`).
    public var followsGap = false
    /// The IDs of a limited timeline's events, in order, to find where it meets what is stored.
    public var timelineEventIDs: [String] = []
    /// The newest event of the timeline that has an ID.
    public var lastEventID: String?
    /// The server keeps no unread counts for the room (sliding sync on Synapse): the store counts
    /// them from what arrives and the user's own read receipts (`UnreadCounter`).
    public var countsUnreadItself = false
    /// An invite whose inviter marked it as a direct chat.
    public var isDirectInvite = false
    /// Who sent the invite, for an invite.
    public var inviter: String?
    /// Whether the room is a space, when its `m.room.create` is in the response.
    public var isSpace: Bool?
    /// Children the response adds (`true`) or removes (`false`: an `m.space.child` without `via`).
    public var spaceChildren: [String: Bool] = [:]
    /// The room's encryption, when an `m.room.encryption` is in the response. Once on, it stays
    /// on: the spec forbids turning it off, so a later event can only change its settings.
    public var encryption: RoomEncryption?
    /// The room's `m.room.power_levels` content, and its `m.room.create` event (sender and
    /// content), when the response has them: who may notify the whole room.
    public var powerLevels: JSONValue?
    public var createEvent: JSONValue?
    /// The pinned events, when an `m.room.pinned_events` is in the response.
    public var pinnedEventIDs: [String]?
    /// The replacement room of an `m.room.tombstone` in the response (empty: one without).
    public var replacementRoomID: String?
    /// The room an `m.room.create` in the response says this one replaced.
    public var predecessorRoomID: String?

    public init(roomID: String, membership: RoomRecord.Membership) {
        self.roomID = roomID
        self.membership = membership
    }

    /// The stored room with this change applied (a room seen for the first time starts empty).
    func applied(to stored: RoomRecord?) -> RoomRecord {
        var room = stored ?? RoomRecord(roomID: roomID, membership: membership)
        room.membership = membership
        if let name { room.name = name.isEmpty ? nil : name }
        if let canonicalAlias { room.canonicalAlias = canonicalAlias.isEmpty ? nil : canonicalAlias }
        if let topic { room.topic = topic.isEmpty ? nil : topic }
        if let heroes { room.heroes = heroes }
        if let joinedMemberCount { room.joinedMemberCount = joinedMemberCount }
        if let notificationCount { room.notificationCount = notificationCount }
        if let highlightCount { room.highlightCount = highlightCount }
        if let lastActivity { room.lastActivity = max(room.lastActivity, lastActivity) }
        if room.previousBatch == nil || followsGap, let previousBatch { room.previousBatch = previousBatch }
        if let isSpace { room.isSpace = isSpace }
        if let encryption { room.encryption = encryption }
        if let lastEventID { room.lastEventID = lastEventID }
        if let pinnedEventIDs { room.pinnedEventIDs = pinnedEventIDs }
        if let replacementRoomID { room.replacementRoomID = replacementRoomID.isEmpty ? nil : replacementRoomID }
        if let predecessorRoomID { room.predecessorRoomID = predecessorRoomID }
        if !spaceChildren.isEmpty {
            let kept = Set(room.spaceChildren).filter { spaceChildren[$0] != false }
            room.spaceChildren = kept.union(spaceChildren.filter(\.value).keys).sorted()
        }
        return room
    }
}
