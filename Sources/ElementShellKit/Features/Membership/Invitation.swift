import MatrixClient

/// An invite that reached this device: who sent it, to what, and the number `/accept` takes. Told
/// once, when the store first holds it as an invite: a restart with it still pending does not
/// tell it again (`/rooms` lists invites first), as Element shows an invite once in its list.
public struct Invitation: Sendable, Equatable {
    public var roomID: String
    public var inviterID: String
    /// The inviter's display name where the invite carried it; else the ID names them.
    public var inviterName: RemoteText?
    /// The room's own name or alias; `nil` when it has none (a direct chat never needs one).
    public var roomName: RemoteText?
    public var isDirect: Bool
    /// Its number in `/rooms`, which `/accept N` takes; `nil` when `/rooms` does not list it.
    public var number: Int?

    public init(roomID: String, inviterID: String, inviterName: RemoteText? = nil, roomName: RemoteText? = nil, isDirect: Bool, number: Int?) {
        self.roomID = roomID
        self.inviterID = inviterID
        self.inviterName = inviterName
        self.roomName = roomName
        self.isDirect = isDirect
        self.number = number
    }

    /// Rings as a direct message does (the `notify` setting decides), naming who invited.
    public var attention: Attention {
        Attention(roomName: roomName ?? RemoteText(inviterID), senderName: inviterName ?? RemoteText(inviterID), body: "", isMention: false, isInvite: true)
    }
}
