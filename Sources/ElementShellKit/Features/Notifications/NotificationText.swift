import MatrixClient

/// `/notify`'s results as lines.
struct NotificationText {
    let theme: Theme

    func lines(for outcome: NotificationOutcome) -> [String] {
        switch outcome {
        case .level(let roomName, _, let level, let isOwn, let kind):
            return [isOwn ? L10n.screenNotifyLevel(roomName.shown, Self.name(of: level))
                          : L10n.screenNotifyLevelDefault(roomName.shown, Self.name(of: level), Self.name(of: kind))]
        case .keywords(let keywords):
            return [keywords.isEmpty ? L10n.screenNotifyKeywordsNone : L10n.screenNotifyKeywords(keywords.map(\.shown).joined(separator: ", "))]
        case .defaults(let defaults):
            return RoomKind.allCases.map { kind in
                L10n.screenNotifyDefault(Self.name(of: kind), Self.name(of: defaults.levels[kind] ?? .mentionsAndKeywords))
            } + [defaults.invitesNotify ? L10n.screenNotifyInvitesOn : L10n.screenNotifyInvitesOff]
        }
    }

    static func name(of level: RoomNotificationLevel) -> String {
        switch level {
        case .allMessages: L10n.screenNotifyLevelAll
        case .mentionsAndKeywords: L10n.screenNotifyLevelMentions
        case .mute: L10n.screenNotifyLevelMute
        }
    }

    static func name(of kind: RoomKind) -> String {
        switch kind {
        case .direct: L10n.screenNotifyKindDirect
        case .group: L10n.screenNotifyKindGroup
        case .encrypted: L10n.screenNotifyKindEncrypted
        }
    }
}
