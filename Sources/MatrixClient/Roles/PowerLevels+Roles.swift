/// Who holds which level, and what needs which: what `/roles` shows.
extension PowerLevels {
    /// The level a setting needs, as the spec's defaults fill in what the event leaves out.
    public func level(of setting: PowerSetting) -> Int {
        switch setting {
        case .invite: invite
        case .kick: kick
        case .ban: ban
        case .redact: redact
        case .messages: eventsDefault
        case .state: stateDefault
        case .membersDefault: usersDefault
        case .notifyRoom: levelNeeded(toNotify: "room")
        case .event(let type): events[type] ?? (Self.stateEventTypes.contains(type) ? stateDefault : eventsDefault)
        }
    }

    /// Members with a level of their own other than the default, highest first, then by ID;
    /// creators of rooms of version 12 and later first of all.
    public var ranked: [(userID: String, level: Int)] {
        let creatorLevels = creators.map { (userID: $0, level: Self.creatorLevel) }
        let listed = users.filter { !creators.contains($0.key) && $0.value != usersDefault }.map { (userID: $0.key, level: $0.value) }
        return (creatorLevels + listed).sorted { ($1.level, $0.userID) < ($0.level, $1.userID) }
    }

    /// The event types the event names a level for, by type.
    public var eventLevels: [(type: String, level: Int)] {
        events.sorted { $0.key < $1.key }.map { (type: $0.key, level: $0.value) }
    }

    /// Types the spec sends as state events: without a level of their own, they need `state_default`.
    private static let stateEventTypes: Set<String> = [
        "m.room.name", "m.room.topic", "m.room.avatar", "m.room.canonical_alias", "m.room.encryption", "m.room.history_visibility",
        "m.room.join_rules", "m.room.guest_access", "m.room.power_levels", "m.room.server_acl", "m.room.tombstone",
        "m.room.pinned_events", "m.space.child", "m.space.parent",
    ]
}
