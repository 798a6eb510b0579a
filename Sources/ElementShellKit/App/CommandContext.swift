import MatrixClient

/// What `send` found when it checked a command's needs, handed to the handler. A handler asks
/// only for what its command's needs promise (`AppStateCommandNeedsTests` runs every command on
/// no more than that), so asking for more is a mistake in the table, not a state to handle.
enum CommandContext {
    case nothing
    /// `/logout`: the session, signed in or signed out.
    case account(Session)
    case session(SessionContext)
    case room(RoomContext)

    var account: Session {
        guard case .account(let session) = self else { preconditionFailure("the command's needs promise no session to end") }
        return session
    }

    var signedIn: SessionContext {
        switch self {
        case .session(let signedIn): signedIn
        case .room(let room): room.signedIn
        case .nothing, .account: preconditionFailure("the command's needs promise no signed-in session")
        }
    }

    var openRoom: RoomContext {
        guard case .room(let room) = self else { preconditionFailure("the command's needs promise no open room") }
        return room
    }
}
