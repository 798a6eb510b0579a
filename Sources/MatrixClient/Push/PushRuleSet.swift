import MatrixJSON

/// The user's push rules (`m.push_rules` account data, `global` scope), checked in the spec's
/// order: `.m.rule.master` first whatever its place, then override, content, room, sender and
/// underride rules, each kind in the order the server lists it (the user's own rules before the
/// server's defaults). The first rule that matches decides; none matching means no notification.
public struct PushRuleSet: Sendable, Equatable {
    /// The global account data that holds them.
    public static let accountDataType = "m.push_rules"

    public let rules: [PushRule]
    /// Where `.m.rule.master` is, checked before all others.
    private let masterIndex: Int?
    /// How many rules could not be read, had a condition that could not be, or were past
    /// `maximumRulesOfAKind`: each notifies nothing, which the user is told.
    public let unreadableCount: Int

    /// More of a kind are left out: a thousand keywords is more than anyone types, and each
    /// rule is read for every event.
    public static let maximumRulesOfAKind = 1_000

    /// `rules` in the order of their kinds, each kind's in the order given.
    public init(rules: [PushRule], unreadableCount: Int = 0) {
        self.rules = PushRule.Kind.allCases.flatMap { kind in rules.filter { $0.kind == kind } }
        masterIndex = self.rules.firstIndex(where: \.isMaster)
        self.unreadableCount = unreadableCount + self.rules.count { $0.conditions.contains(.malformed) }
    }

    /// The `m.push_rules` content; rules it cannot read are left out, each kind keeping its order.
    public init(json: JSONValue) {
        let global = json["global"]
        var unreadable = 0
        let rules = PushRule.Kind.allCases.flatMap { kind in
            let listed = global?[kind.rawValue]?.array ?? []
            let read = listed.prefix(Self.maximumRulesOfAKind).compactMap { PushRule(kind: kind, json: $0) }
            unreadable += listed.count - read.count
            return read
        }
        self.init(rules: rules, unreadableCount: unreadable)
    }

    /// What the rules do with `event` in `room`: the actions of the first rule that matches, with
    /// its ID; `nil` when none does, or for the user's own events, which never notify.
    public func evaluate(_ event: PushEvent, in room: PushRoomContext, userID: String) -> (ruleID: String, actions: PushActions)? {
        firstMatch(for: event, in: room, userID: userID).map { (rules[$0].ruleID, rules[$0].actions) }
    }

    /// The actions of `evaluate`, without the rule's ID: a sync judges every message, on every
    /// core, and the IDs are the same few strings for all of them.
    func actions(for event: PushEvent, in room: PushRoomContext, userID: String) -> PushActions? {
        firstMatch(for: event, in: room, userID: userID).map { rules[$0].actions }
    }

    /// Where the first rule that matches is.
    private func firstMatch(for event: PushEvent, in room: PushRoomContext, userID: String) -> Int? {
        guard event.sender != userID else { return nil }
        var judgement = PushJudgement(event, in: room)
        // By index: the rules are read where they lie, not copied for each event.
        if let masterIndex, rules[masterIndex].matches(&judgement) { return masterIndex }
        return rules.indices.first { $0 != masterIndex && rules[$0].matches(&judgement) }
    }

    /// The spec's server-default rules for `userID`, as a homeserver that knows no others sends.
    public static func defaults(for userID: String) -> PushRuleSet {
        PushRuleSet(json: defaultsJSON(for: userID))
    }

    /// The `m.push_rules` content of `defaults(for:)`.
    public static func defaultsJSON(for userID: String) -> JSONValue {
        let localpart = String(userID.dropFirst().prefix { $0 != ":" })
        let sound: JSONValue = ["set_tweak": "sound", "value": "default"]
        let highlight: JSONValue = ["set_tweak": "highlight"]
        func rule(_ id: String, _ conditions: [JSONValue], _ actions: [JSONValue], enabled: Bool = true) -> JSONValue {
            ["rule_id": .string(id), "default": true, "enabled": .bool(enabled), "conditions": .array(conditions), "actions": .array(actions)]
        }
        func match(_ key: String, _ pattern: String) -> JSONValue { ["kind": "event_match", "key": .string(key), "pattern": .string(pattern)] }
        let twoMembers: JSONValue = ["kind": "room_member_count", "is": "2"]
        let roomPermission: JSONValue = ["kind": "sender_notification_permission", "key": "room"]
        return ["global": [
            "override": [
                rule(".m.rule.master", [], [], enabled: false),
                rule(".m.rule.suppress_notices", [match("content.msgtype", "m.notice")], []),
                rule(".m.rule.invite_for_me", [match("type", "m.room.member"), match("content.membership", "invite"), match("state_key", userID)],
                     ["notify", sound]),
                rule(".m.rule.member_event", [match("type", "m.room.member")], []),
                rule(".m.rule.is_user_mention", [["kind": "event_property_contains", "key": "content.m\\.mentions.user_ids", "value": .string(userID)]],
                     ["notify", sound, highlight]),
                rule(".m.rule.contains_display_name", [["kind": "contains_display_name"]], ["notify", sound, highlight]),
                rule(".m.rule.is_room_mention", [["kind": "event_property_is", "key": "content.m\\.mentions.room", "value": true], roomPermission],
                     ["notify", highlight]),
                rule(".m.rule.roomnotif", [match("content.body", "@room"), roomPermission], ["notify", highlight]),
                rule(".m.rule.tombstone", [match("type", "m.room.tombstone"), match("state_key", "")], ["notify", highlight]),
                rule(".m.rule.reaction", [match("type", "m.reaction")], []),
                rule(".m.rule.room.server_acl", [match("type", "m.room.server_acl"), match("state_key", "")], []),
                rule(".m.rule.suppress_edits", [["kind": "event_property_is", "key": "content.m\\.relates_to.rel_type", "value": "m.replace"]], []),
            ],
            "content": [
                ["rule_id": ".m.rule.contains_user_name", "default": true, "enabled": true, "pattern": .string(localpart),
                 "actions": ["notify", sound, highlight]],
            ],
            "underride": [
                rule(".m.rule.call", [match("type", "m.call.invite")], ["notify", ["set_tweak": "sound", "value": "ring"]]),
                rule(".m.rule.encrypted_room_one_to_one", [twoMembers, match("type", "m.room.encrypted")], ["notify", sound]),
                rule(".m.rule.room_one_to_one", [twoMembers, match("type", "m.room.message")], ["notify", sound]),
                rule(".m.rule.message", [match("type", "m.room.message")], ["notify"]),
                rule(".m.rule.encrypted", [match("type", "m.room.encrypted")], ["notify"]),
            ],
        ]]
    }
}
