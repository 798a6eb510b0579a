import MatrixJSON

/// One change of a room's power levels: a member's level, or the level a setting needs.
public enum PowerLevelEdit: Sendable, Equatable {
    /// Gives a member a level; `nil` takes their own level away, back to the room's default.
    case user(String, level: Int?)
    case setting(PowerSetting, level: Int)
}

extension PowerLevels {
    /// Why `actor` may not make the edit, by the spec's authorization rules for
    /// `m.room.power_levels`, or `nil` when they allow it: the actor may send the event; no level
    /// they set, and none they change, is above their own; a member they change is below them
    /// (unless it is themself); a creator of a room of version 12 or later has no level to change.
    public func refusal(of edit: PowerLevelEdit, by actor: String) -> PowerRefusal? {
        let own = level(of: actor)
        let required = levelNeeded(toSendState: Self.eventType)
        if own < required { return .levelTooLow(required: required, own: own) }
        switch edit {
        case .user(let userID, let newLevel):
            if creators.contains(userID) { return .creatorFixed(userID: userID) }
            let theirs = level(of: userID)
            if userID != actor, theirs >= own { return .outranked(userID: userID, theirs: theirs, own: own) }
            if let newLevel, newLevel > own { return .levelAboveOwn(level: newLevel, own: own) }
        case .setting(let setting, let newLevel):
            let current = level(of: setting)
            if current > own { return .levelTooLow(required: current, own: own) }
            if newLevel > own { return .levelAboveOwn(level: newLevel, own: own) }
        }
        return nil
    }

    /// The event's content with the edit made, every other field as it was. A room without the
    /// event gets one that keeps the levels the spec gave it.
    public func content(after edit: PowerLevelEdit) -> JSONValue {
        var fields = content?.object ?? defaultFields
        switch edit {
        case .user(let userID, let newLevel):
            var users = fields["users"]?.object ?? [:]
            users[userID] = newLevel.map { .integer(Int64($0)) }
            fields["users"] = .object(users)
        case .setting(let setting, let newLevel):
            let (object, key) = setting.path
            guard let object else {
                fields[key] = .integer(Int64(newLevel))
                break
            }
            var levels = fields[object]?.object ?? [:]
            levels[key] = .integer(Int64(newLevel))
            fields[object] = .object(levels)
        }
        return .object(fields)
    }

    public static let eventType = "m.room.power_levels"

    /// The levels a room without the event has, written out: sending a partial event would
    /// change them (`state_default` is 50 in an event that leaves it out, 0 without any event).
    private var defaultFields: [String: JSONValue] {
        ["users": .object(users.mapValues { .integer(Int64($0)) }), "users_default": .integer(Int64(usersDefault)),
         "events_default": .integer(Int64(eventsDefault)), "state_default": .integer(Int64(stateDefault)),
         "invite": .integer(Int64(invite)), "kick": .integer(Int64(kick)), "ban": .integer(Int64(ban)), "redact": .integer(Int64(redact))]
    }
}
