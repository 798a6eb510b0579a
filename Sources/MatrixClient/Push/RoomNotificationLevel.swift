/// How much a room notifies, as Element and Element X name the levels and write them as push
/// rules: every message, only mentions and keywords, or nothing. A room without a level of its
/// own follows the account's default for its kind.
public enum RoomNotificationLevel: String, Sendable, CaseIterable {
    case allMessages = "all"
    case mentionsAndKeywords = "mentions"
    case mute
}

/// The kinds of room whose default level the account sets, each by one of the spec's
/// `underride` rules (a direct chat by two, encrypted or not, as Element X sets them together).
public enum RoomKind: String, Sendable, CaseIterable {
    case direct, group, encrypted

    var defaultRuleIDs: [String] {
        switch self {
        case .direct: [".m.rule.room_one_to_one", ".m.rule.encrypted_room_one_to_one"]
        case .group: [".m.rule.message"]
        case .encrypted: [".m.rule.encrypted"]
        }
    }
}

extension PushRuleSet {
    /// The level set for the room, read as the Rust SDK reads it: an override rule named after the
    /// room that matches it and does not notify mutes it; a room rule sets all messages when it
    /// notifies, mentions and keywords when not; `nil` when neither is on.
    public func level(ofRoom roomID: String) -> RoomNotificationLevel? {
        let muting = rules.contains { rule in
            rule.kind == .override && rule.ruleID == roomID && rule.isEnabled && !rule.actions.notify
                && rule.conditions.contains(.eventMatch(PropertyPath("room_id"), GlobPattern(roomID)))
        }
        if muting { return .mute }
        guard let rule = rules.first(where: { $0.kind == .room && $0.ruleID == roomID && $0.isEnabled }) else { return nil }
        return rule.actions.notify ? .allMessages : .mentionsAndKeywords
    }

    /// The account's level for rooms of `kind` without one of their own: all messages when its
    /// rule is on and notifies, else mentions and keywords (muting by default is no level).
    public func defaultLevel(of kind: RoomKind) -> RoomNotificationLevel {
        let rule = rules.first { $0.kind == .underride && $0.ruleID == kind.defaultRuleIDs[0] }
        return rule.map { $0.isEnabled && $0.actions.notify } ?? false ? .allMessages : .mentionsAndKeywords
    }

    /// The level a room notifies at: its own, or its kind's default.
    public func effectiveLevel(ofRoom roomID: String, kind: RoomKind) -> RoomNotificationLevel {
        level(ofRoom: roomID) ?? defaultLevel(of: kind)
    }

    /// The user's keywords: their own `content` rules that are on, in the server's order.
    public var keywords: [String] {
        rules.filter { $0.kind == .content && !$0.isDefault && $0.isEnabled }.compactMap(\.patternText)
    }

    /// The user's own `content` rules for `keyword`, compared as the rules compare: ignoring case.
    public func keywordRules(matching keyword: String) -> [PushRule] {
        rules.filter { $0.kind == .content && !$0.isDefault && $0.patternText?.lowercased() == keyword.lowercased() }
    }

    /// Whether invites notify (`.m.rule.invite_for_me` on).
    public var invitesNotify: Bool {
        rules.first { $0.ruleID == Self.inviteRuleID }?.isEnabled ?? true
    }

    static let inviteRuleID = ".m.rule.invite_for_me"
}
