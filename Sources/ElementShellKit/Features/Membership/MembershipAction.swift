import MatrixClient

/// Invites, new rooms and direct chats, and who may stay in the open room.
public enum MembershipAction: Sendable, Equatable {
    /// Joins an invite: the one named like `/open` names rooms, else the open room's or the first.
    case accept(target: String?)
    /// Leaves an invite, chosen as `accept` chooses.
    case decline(target: String?)
    /// Creates a room and opens it; in a space (as typed), as one of its rooms.
    case create(RoomCreation, inSpace: String? = nil)
    /// Opens the direct chat with `user`, starting one when there is none. `forced` (`/dm!`):
    /// without looking the user up first.
    case directChat(user: String, forced: Bool = false)
    /// Invites, kicks, bans or unbans `user` in the open room, or (`/invite USER ROOM`) in the room
    /// or space `in` names. `user` is a Matrix ID or the name of a member of the open room.
    /// `forced` (`/invite!`): invites without looking them up first.
    case change(MembershipChange, user: String, reason: String?, in: String? = nil, forced: Bool = false)
    /// Asks to join a room whose join rule lets people knock: by alias, ID or link.
    case knock(target: String, reason: String?)
    /// Those asking to join the open room.
    case knocks
}

extension MembershipAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .accept(let target): "accept(target: \(target ?? "nil"))"
        case .decline(let target): "decline(target: \(target ?? "nil"))"
        case .create(let creation, let space):
            "create(alias: \(creation.aliasLocalpart ?? "nil"), name: <redacted>, topic: <redacted>, public: \(creation.isPublic), encrypted: \(creation.isEncrypted), in: \(space ?? "nil"))"
        case .directChat(let user, let forced): "directChat(user: \(user), forced: \(forced))"
        case .change(let change, let user, _, let target, let forced):
            "change(\(change), user: \(user), reason: <redacted>, in: \(target ?? "nil"), forced: \(forced))"
        case .knock(let target, _): "knock(target: \(target), reason: <redacted>)"
        case .knocks: "knocks"
        }
    }
}

extension MembershipAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .accept: .accept
        case .decline: .decline
        case .create: .create
        case .directChat: .dm
        case .change(let change, _, _, _, _): change.command
        case .knock: .knock
        case .knocks: .knocks
        }
    }
}

extension MembershipChange {
    /// `/invite`, `/kick`, `/ban` or `/unban`.
    var command: CommandName {
        switch self {
        case .invite: .invite
        case .kick: .kick
        case .ban: .ban
        case .unban: .unban
        }
    }
}
