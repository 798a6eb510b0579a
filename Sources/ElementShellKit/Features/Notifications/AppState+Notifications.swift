import MatrixClient

extension AppState {
    /// `/notify`: each change is written as push rules, then the rules are read back from the
    /// server and shown as they now stand, so what is shown is what Element will show.
    func send(_ action: NotificationAction, in context: CommandContext) async -> Bool {
        let signedIn = context.signedIn
        let service = signedIn.services.notifications
        let rules = state.pushRules ?? .defaults(for: signedIn.session.userID)
        do {
            switch action {
            case .show:
                return finish(.notification(levelOutcome(of: context.openRoom.roomID, rules: rules)))
            case .setLevel(let level):
                let roomID = context.openRoom.roomID
                try await service.setLevel(level, ofRoom: roomID, current: rules)
                return finish(.notification(levelOutcome(of: roomID, rules: try await readBack(from: service))))
            case .keywords:
                return finish(.notification(.keywords(rules.keywords.map { RemoteText($0) })))
            case .addKeyword(let keyword):
                // Already there: nothing to write twice.
                if rules.keywordRules(matching: keyword).isEmpty { try await service.addKeyword(keyword) }
                return finish(.notification(.keywords(try await readBack(from: service).keywords.map { RemoteText($0) })))
            case .removeKeyword(let keyword):
                guard !rules.keywordRules(matching: keyword).isEmpty else { return finish(.failure(.unknownKeyword(RemoteText(keyword)))) }
                try await service.removeKeyword(keyword, current: rules)
                return finish(.notification(.keywords(try await readBack(from: service).keywords.map { RemoteText($0) })))
            case .defaults:
                return finish(.notification(.defaults(NotificationDefaults(rules))))
            case .setDefault(let kind, let level):
                try await service.setDefaultLevel(level, of: kind)
                return finish(.notification(.defaults(NotificationDefaults(try await readBack(from: service)))))
            case .setInvites(let notify):
                try await service.setInvitesNotify(notify)
                return finish(.notification(.defaults(NotificationDefaults(try await readBack(from: service)))))
            }
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// The rules as the server now has them, kept at once: sync brings them too, a moment later.
    private func readBack(from service: any NotificationSettingsService) async throws(MatrixError) -> PushRuleSet {
        let rules = try await service.pushRules()
        use(rules)
        return rules
    }

    /// Takes the account's rules. Rules that cannot be read notify nothing: that is told once,
    /// and again only when their number changes.
    func use(_ rules: PushRuleSet) {
        commit { $0.pushRules = rules }
        guard rules.unreadableCount > 0, rules.unreadableCount != state.toldUnreadablePushRules else { return }
        commit { $0.toldUnreadablePushRules = rules.unreadableCount }
        logger.warning("\(rules.unreadableCount) push rules could not be read")
        report(Report(content: .pushRulesUnreadable(count: rules.unreadableCount), location: nil))
    }

    private func levelOutcome(of roomID: String, rules: PushRuleSet) -> NotificationOutcome {
        let room = state.rooms[roomID]
        let kind = room.map(RoomKind.init) ?? .group
        let own = rules.level(ofRoom: roomID)
        return .level(roomName: room.map(RoomName.text) ?? RemoteText(roomID), roomID: roomID, level: own ?? rules.defaultLevel(of: kind),
                      isOwn: own != nil, kind: kind)
    }

    /// Whether the room is set to notify nothing.
    func isMuted(_ roomID: String) -> Bool {
        state.pushRules?.level(ofRoom: roomID) == .mute
    }

    /// The room as the lists show it, muted or not.
    func entry(of room: RoomRecord) -> RoomEntry {
        var entry = RoomEntry(room)
        entry.isMuted = isMuted(room.roomID)
        return entry
    }
}

extension RoomKind {
    /// The kind whose default a room follows: a direct chat (or any room of two, as the rules
    /// count members), an encrypted room, or another.
    init(_ room: RoomRecord) {
        self = room.isDirect || room.joinedMemberCount == 2 ? .direct : room.encryption != nil ? .encrypted : .group
    }
}
