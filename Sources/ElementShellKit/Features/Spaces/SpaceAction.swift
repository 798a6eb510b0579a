import MatrixClient

/// Spaces: rooms that group other rooms.
public enum SpaceAction: Sendable, Equatable {
    /// The session's spaces, numbered for `/space` and `/space-kick`.
    case list
    /// A space's rooms as its server has them (`/hierarchy`), numbered for `/join N`.
    case hierarchy(space: String)
    /// Kicks `user` from the space and from each of its rooms they are in.
    case kick(space: String, user: String, reason: String?)
    /// Creates a space and opens it.
    case create(RoomCreation)
    /// Makes `room` a child of `space` (and the space its parent where allowed).
    case add(space: String, room: String, suggested: Bool, order: String?)
    /// Takes `room` out of `space`, and the room's link back to it where allowed.
    case remove(space: String, room: String)
}

extension SpaceAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .list: "list"
        case .hierarchy(let space): "hierarchy(space: \(space))"
        case .kick(let space, let user, _): "kick(space: \(space), user: \(user), reason: <redacted>)"
        case .create(let creation): "create(alias: \(creation.aliasLocalpart ?? "nil"), name: <redacted>, topic: <redacted>, public: \(creation.isPublic))"
        case .add(let space, let room, let suggested, let order): "add(space: \(space), room: \(room), suggested: \(suggested), order: \(order ?? "nil"))"
        case .remove(let space, let room): "remove(space: \(space), room: \(room))"
        }
    }
}

extension SpaceAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .list: .spaces
        case .hierarchy, .create, .add, .remove: .space
        case .kick: .spaceKick
        }
    }
}
