import MatrixClient

/// The lines of `/spaces`, `/space` and `/space-kick`. Names arrive sanitized where the caller
/// has them; what comes from the server here is sanitized here.
struct SpaceText {
    let theme: Theme
    let width: Int?
    let roomList: RoomListText

    func lines(for outcome: SpaceOutcome) -> [String] {
        switch outcome {
        case .list(let spaces): spaces.isEmpty ? [L10n.screenSpacesEmpty] : spaceList(spaces)
        case .rooms(let name, let rooms):
            rooms.isEmpty ? [L10n.screenSpaceRoomsEmpty(name.shown)]
                : [theme.accent(L10n.screenSpaceRoomsTitle(name.shown))] + roomList.lines(NumberedRoom.numbering(rooms), numbered: false)
        case .hierarchy(let name, let rooms, let isComplete, let offersManagement):
            hierarchy(of: name.shown, rooms, isComplete: isComplete, offersManagement: offersManagement)
        case .kicked(let userID, let name, let results): kicked(clean(userID), from: name.shown, results)
        case .alreadyJoined(_, let name): [L10n.screenSpaceAlreadyJoined(name.shown)]
        case .childAdded(let space, let room, let parentLinked):
            [(parentLinked ? L10n.screenSpaceChildAdded : L10n.screenSpaceChildAddedWithoutParent)(room.shown, space.shown)]
        case .childRemoved(let space, let room, _): [L10n.screenSpaceChildRemoved(room.shown, space.shown)]
        }
    }

    /// One row a space: its number for `/space`, its name, and how many rooms it names.
    private func spaceList(_ spaces: [RoomEntry]) -> [String] {
        TextLayout.table(spaces.enumerated().map { index, space in
            var notes: [String] = []
            if space.membership == .invite { notes.append(theme.accent(L10n.screenRoomsInvited)) }
            if space.membership == .leave { notes.append(theme.dim(L10n.screenRoomsLeft)) }
            notes.append((space.childCount == 1 ? L10n.screenSpacesRoomCountOne : L10n.screenSpacesRoomCountOther)(space.childCount))
            return ["\(index + 1)", space.name.shown, notes.joined(separator: ", ")]
        }, width: width)
    }

    /// Numbered for `/join N`, joined rooms marked with what waits in them and their newest
    /// message below, then what can be done from here.
    private func hierarchy(of name: String, _ rooms: [SpaceRoomEntry], isComplete: Bool, offersManagement: Bool) -> [String] {
        // The space itself is acted on by name, as Element's space settings act on it.
        let ownActions = TextLayout.wrap(L10n.screenSpaceOwnActions(name, ArgumentTokenizer.quoted(name)), width: width).map(theme.dim)
        guard !rooms.isEmpty else { return [L10n.screenSpaceEmpty(name)] + ownActions }
        var subtitles: [Int: String] = [:]
        let rows = rooms.enumerated().map { index, room in
            if let latest = room.latest { subtitles[index] = SpaceCellText.line(for: latest, inRoom: false) }
            let notes = JoinableRoomText.notes(for: room, theme: theme) + SpaceCellText.unreadNotes(room.notificationCount, room.highlightCount, theme: theme)
            return ["\(index + 1)", JoinableRoomText.name(of: room, theme: theme), notes.joined(separator: ", ")]
        }
        var lines = [theme.accent(L10n.screenSpaceTitle(name))]
            + TextLayout.table(rows, subtitles: subtitles, subtitleColumn: 1, style: theme.dim, width: width)
        if !isComplete { lines.append(theme.dim(L10n.screenSpaceMore)) }
        if rooms.contains(where: { $0.membership != .join }) { lines.append(theme.dim(L10n.screenSpaceJoinHint)) }
        if rooms.contains(where: { $0.membership == .join }) {
            lines += TextLayout.wrap(offersManagement ? L10n.screenSpaceRoomActionsManaged : L10n.screenSpaceRoomActions, width: width).map(theme.dim)
        }
        return lines + ownActions
    }

    /// One row a room the user was in: removed, or why not.
    private func kicked(_ userID: String, from name: String, _ results: [SpaceKickResult]) -> [String] {
        guard !results.isEmpty else { return [L10n.screenSpaceKickNone(userID, name)] }
        let removed = results.filter { $0.error == nil }.count
        return [(results.count == 1 ? L10n.screenSpaceKickTitleOne : L10n.screenSpaceKickTitleOther)(userID, name, removed, results.count)] + TextLayout.table(results.map { result in
            [result.roomName.shown, result.error.map { theme.error(ErrorMessages.message(for: $0)) }
                ?? (result.wasInvited ? L10n.screenSpaceKickInviteRevoked : L10n.screenSpaceKickRemoved)]
        }, width: width)
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
