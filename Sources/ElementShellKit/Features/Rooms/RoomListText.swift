import Foundation
import MatrixClient

/// Rooms as `/rooms`, `/rooms --unread` and a grouped space's `/open` list them. Room names come
/// from the server and are sanitized here.
struct RoomListText {
    let theme: Theme
    let width: Int?
    /// When the list is drawn, which decides whether a time shows its day.
    let now: Date

    /// One row a room: its number for `/open` (unless it has none), its name, and what is waiting
    /// in it. A grouped space is two, as Clap draws it: `Name • members` with the time of its
    /// rooms' latest activity, then the newest message among them under its room's name.
    func lines(_ rooms: [NumberedRoom], numbered: Bool = true, spaceCells: [String: SpaceCell] = [:]) -> [String] {
        var subtitles: [Int: String] = [:]
        let rows = rooms.enumerated().map { index, listed in
            let room = listed.room
            let number = numbered ? ["\(listed.number)"] : []
            guard let cell = spaceCells[room.roomID] else { return number + row(room) }
            subtitles[index] = SpaceCellText.subtitle(cell)
            return number + SpaceCellText(theme: theme, now: now).row(room, cell, unread: unreadNotes(of: room))
        }
        return TextLayout.table(rows, subtitles: subtitles, subtitleColumn: numbered ? 1 : 0, style: theme.dim, width: width)
    }

    private func row(_ room: RoomEntry) -> [String] {
        var notes: [String] = []
        switch room.membership {
        case .invite: notes.append(theme.accent(L10n.screenRoomsInvited))
        case .leave: notes.append(theme.dim(L10n.screenRoomsLeft))
        case .join: break
        }
        if room.isDirect { notes.append(L10n.screenRoomsDirect) }
        if room.isSpace { notes.append(L10n.screenRoomsSpace) }
        if room.isEncrypted { notes.append(L10n.screenRoomsEncrypted) }
        if room.isMarkedUnread { notes.append(theme.bold(L10n.screenRoomsMarkedUnread)) }
        // A muted room's counts are no news: they are left out, as Element X leaves them.
        if room.isMuted { return [room.name.shown, (notes + [theme.dim(L10n.screenRoomsMuted)]).joined(separator: ", ")] }
        return [room.name.shown, (notes + unreadNotes(of: room)).joined(separator: ", ")]
    }

    /// How many messages and mentions wait in the room (or a space's rooms).
    private func unreadNotes(of room: RoomEntry) -> [String] {
        SpaceCellText.unreadNotes(room.notificationCount, room.highlightCount, theme: theme)
    }
}
