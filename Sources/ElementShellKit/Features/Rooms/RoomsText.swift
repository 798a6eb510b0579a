import MatrixClient

/// The lines of what the room commands produced.
struct RoomsText {
    let messageText: MessageText
    let roomList: RoomListText
    let theme: Theme
    let width: Int?

    func lines(for outcome: RoomOutcome) -> [String] {
        switch outcome {
        case .list(let rooms, let cells): rooms.isEmpty ? [L10n.screenRoomsEmpty] : roomList.lines(NumberedRoom.numbering(rooms), spaceCells: cells)
        case .unread(let rooms, let cells): rooms.isEmpty ? [L10n.screenRoomsNoneUnread] : roomList.lines(rooms, spaceCells: cells)
        case .markedRead(let name): [L10n.screenRoomMarkedRead(name.shown)]
        case .markedUnread(let name): [L10n.screenRoomMarkedUnread(name.shown)]
        case .opened(let name, let messages, _, let header) where theme.forScreenReader:
            // Said as a sentence: a screen reader reads the dash of the usual heading as a word.
            [messages.isEmpty ? L10n.screenSpokenRoomOpenedEmpty(headed(name, header)) : L10n.screenSpokenRoomOpened(headed(name, header))]
                + replacementLines(header) + messages.flatMap(messageText.lines(for:))
        case .opened(let name, let messages, _, let header):
            [theme.accent(messages.isEmpty ? L10n.screenRoomOpenedEmpty(headed(name, header)) : L10n.screenRoomOpened(headed(name, header)))]
                + replacementLines(header) + messages.flatMap(messageText.lines(for:)) + sharedHistoryLines(messages)
        case .openedBeforeSync(let name, _) where theme.forScreenReader: [L10n.screenSpokenRoomOpenedBeforeSync(name.shown)]
        case .openedBeforeSync(let name, _): [theme.accent(L10n.screenRoomOpenedBeforeSync(name.shown))]
        case .searchResults(let hits, let skipsEncrypted):
            (hits.isEmpty ? [L10n.screenSearchEmpty] : [L10n.screenSearchResults(hits.count)] + hits.flatMap { hit in
                [theme.dim(hit.roomName.shown)] + messageText.lines(for: hit.message)
            }) + (skipsEncrypted ? [theme.dim(L10n.screenSearchEncryptedSkipped)] : [])
        case .members(let members):
            TextLayout.table(members.map { [$0.name.shown, $0.name.unsanitized == $0.userID ? "" : theme.dim(TerminalSanitizer.clean($0.userID))] },
                             wrapsLastColumn: false, width: width)
        case .text(let kind, let text):
            [text.map { kind == .name ? L10n.screenRoomNameShown($0.shown) : L10n.screenRoomTopicShown($0.shown) }
                ?? (kind == .name ? L10n.screenRoomNameNone : L10n.screenRoomTopicNone)]
        case .textChanged(let kind): [kind == .name ? L10n.screenRoomNameChanged : L10n.screenRoomTopicChanged]
        case .history(let messages) where theme.forScreenReader:
            messages.isEmpty ? [L10n.screenHistoryStart] : messages.flatMap(messageText.lines(for:))
        case .history(let messages): messages.isEmpty ? [L10n.screenHistoryStart] : messages.flatMap(messageText.lines(for:)) + sharedHistoryLines(messages)
        case .joined(_, let roomName): [L10n.screenRoomJoined(roomName.shown)]
        case .left(let name): [L10n.screenRoomLeft(name.shown)]
        case .forgotten(let name): [L10n.screenRoomForgotten(name.shown)]
        case .joinRule(let rule, let spaces, let changed): [changed ? L10n.screenJoinRuleChanged(joinRuleText(rule, spaces)) : joinRuleText(rule, spaces)]
        case .news(let rooms): rooms.isEmpty ? [L10n.screenNewsNone] : rooms.map(RoomNewsText.line(for:))
        case .recent(let name, let messages):
            [messages.isEmpty ? L10n.screenRecentEmpty(name.shown)
                : messages.count == 1 ? L10n.screenRecentOne(name.shown) : L10n.screenRecentOther(messages.count, name.shown)]
                + messages.flatMap(messageText.lines(for:))
        }
    }

    /// The room's name, with how many messages are pinned in it where some are.
    private func headed(_ name: RemoteText, _ header: RoomHeader) -> String {
        switch header.pinnedCount {
        case 0: name.shown
        case 1: name.shown + " · " + L10n.screenRoomPinnedOne
        case let count: name.shown + " · " + L10n.screenRoomPinnedOther(count)
        }
    }

    /// Who shared the keys of the messages marked ↪, once each, under them (a screen reader
    /// hears it with each message).
    private func sharedHistoryLines(_ messages: [MessageView]) -> [String] {
        var sharers: [String] = []
        for sharer in messages.compactMap({ $0.encryption?.keySharedBy }) where !sharers.contains(sharer) { sharers.append(sharer) }
        return sharers.map { theme.dim(L10n.screenHistorySharedLegend(TerminalSanitizer.clean($0))) }
    }

    /// Where the conversation went on, for a room that was upgraded.
    private func replacementLines(_ header: RoomHeader) -> [String] {
        guard let replacement = header.replacement else { return [] }
        let target = replacement.name?.shown ?? TerminalSanitizer.clean(replacement.roomID)
        return [theme.dim(replacement.name == nil ? L10n.screenRoomReplacedNotJoined(target, TerminalSanitizer.clean(replacement.roomID))
                                                  : L10n.screenRoomReplacedJoined(target))]
    }

    private func joinRuleText(_ rule: RemoteText, _ spaces: [RemoteText]) -> String {
        switch rule.unsanitized {
        case "public": L10n.screenJoinRulePublic
        case "invite": L10n.screenJoinRuleInvite
        case "knock": L10n.screenJoinRuleKnock
        case "restricted": L10n.screenJoinRuleRestricted(spaces.map(\.shown).joined(separator: ", "))
        case "knock_restricted": L10n.screenJoinRuleKnockRestricted(spaces.map(\.shown).joined(separator: ", "))
        default: L10n.screenJoinRuleOther(rule.shown)
        }
    }
}
