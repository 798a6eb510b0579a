import Foundation
import MatrixClient

/// A grouped space in `/rooms`, in Clap's two lines: `Guild • 25` with the time of its rooms'
/// latest activity and what waits in them, then `[General] Bob: the newest message`. Everything
/// from the server is sanitized here.
struct SpaceCellText {
    let theme: Theme
    /// When the row is drawn, which decides whether a time shows its day.
    var now: Date

    /// The cells of the first line after the number: the name with the member count, then the notes.
    func row(_ space: RoomEntry, _ cell: SpaceCell, unread: [String]) -> [String] {
        let name = space.name.shown + " • \(cell.joinedMemberCount)"
        // Bracketed as a message's time is.
        let time = space.lastActivity > 0 ? [theme.dim("[" + MessageText(theme: theme, now: now).stamp(Date(timeIntervalSince1970: Double(space.lastActivity) / 1000)) + "]")] : []
        return [name, (time + [unread.joined(separator: ", ")]).filter { !$0.isEmpty }.joined(separator: " ")]
    }

    /// How many messages and mentions wait.
    static func unreadNotes(_ notifications: Int, _ highlights: Int, theme: Theme) -> [String] {
        (notifications > 0 ? [L10n.screenRoomsUnread(notifications)] : []) + (highlights > 0 ? [theme.bold(L10n.screenRoomsHighlights(highlights))] : [])
    }

    /// The second line, plain (the table styles and cuts it): the newest message of the space's
    /// rooms under its room's name, or that none holds one yet.
    static func subtitle(_ cell: SpaceCell) -> String {
        guard let latest = cell.latest else { return L10n.screenRoomsSpaceNoMessages }
        return line(for: latest, inRoom: true)
    }

    /// A room's newest message in one plain line, under its room's name where `inRoom`.
    static func line(for latest: RoomPreview, inRoom: Bool) -> String {
        let room = latest.roomName.shown, sender = latest.senderName.shown
        let text: String = if latest.isRedacted {
            L10n.screenMessageDeleted
        } else if let failure = latest.decryptionFailure {
            MessageText.undecryptable(failure)
        } else {
            // One line: what a newline or tab would break stands as a space.
            RemoteText(latest.body.unsanitized.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")).shown
        }
        let isEmote = latest.msgtype == "m.emote"
        guard inRoom else { return isEmote ? L10n.screenRoomsLatestEmote(sender, text) : L10n.screenRoomsLatest(sender, text) }
        return isEmote ? L10n.screenRoomsSpaceLatestEmote(room, sender, text) : L10n.screenRoomsSpaceLatest(room, sender, text)
    }
}
