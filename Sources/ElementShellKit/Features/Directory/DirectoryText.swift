/// `/directory`'s rooms as lines: numbered for `/join N`, each with its alias, members and how
/// it is joined, its topic below.
struct DirectoryText {
    let theme: Theme
    let width: Int?

    func lines(for outcome: DirectoryOutcome) -> [String] {
        switch outcome {
        case .rooms(let server, let search, let rooms, let firstNumber, let hasMore, _):
            let title = switch (server.map(TerminalSanitizer.clean), search?.shown) {
            case (let server?, let search?): L10n.screenDirectoryTitleServerSearch(server, search)
            case (let server?, nil): L10n.screenDirectoryTitleServer(server)
            case (nil, let search?): L10n.screenDirectoryTitleSearch(search)
            case (nil, nil): L10n.screenDirectoryTitle
            }
            guard !rooms.isEmpty else { return [hasMore ? title : L10n.screenDirectoryEmpty] }
            var subtitles: [Int: String] = [:]
            let rows = rooms.enumerated().map { index, room in
                if let topic = room.topic { subtitles[index] = topic.shownLines.first }
                var notes = JoinableRoomText.notes(for: room, theme: theme)
                if room.joinRule == "knock" || room.joinRule == "knock_restricted" { notes.append(L10n.screenDirectoryKnock) }
                return ["\(firstNumber + index)", JoinableRoomText.name(of: room, theme: theme), notes.joined(separator: ", ")]
            }
            return [theme.accent(title)] + TextLayout.table(rows, subtitles: subtitles, subtitleColumn: 1, style: theme.dim, width: width)
                + [theme.dim(hasMore ? L10n.screenDirectoryMore : L10n.screenDirectoryJoinHint)]
        }
    }
}
