import MatrixClient

/// What `/decline`, `/create`, `/dm` and `/invite`, `/kick`, `/ban` and `/unban` produced.
public enum MembershipOutcome: Sendable, Equatable {
    /// `/decline`: the invite is left.
    case declined(roomName: RemoteText)
    /// `/create`: the room exists and is open; `alias` is its full `#alias:server` when one was asked for.
    /// `/create` and `/space create`: in a space (`/create --in`), its name.
    case created(roomID: String, alias: String?, name: String? = nil, isEncrypted: Bool = false, isSpace: Bool = false, inSpace: String? = nil)
    /// `/dm`: the direct chat with `userID` is open; `isNew` when it was just started (they are invited).
    case directChat(roomID: String, userID: String, isNew: Bool)
    /// `/invite`, `/kick`, `/ban`, `/unban`: the server did it. An invite to an encrypted room
    /// says whether the room's history was shared with them (`nil`: not tried).
    case changed(MembershipChange, userID: String, roomName: RemoteText, history: HistoryShare? = nil)
    /// `/knock`: the room's moderators are asked; an invite is their yes.
    case knocked(roomID: String, target: String)
    /// `/knocks`: who asks to join the open room.
    case knocks(roomName: RemoteText, [Knock])
}
