/// The open room's pinned messages (`m.room.pinned_events`), as Element pins them.
public enum PinAction: Sendable, Equatable {
    /// Lists them, in the order the room keeps them.
    case list
    case pin(MessageReference)
    case unpin(MessageReference)
}

extension PinAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .list: .pins
        case .pin: .pin
        case .unpin: .unpin
        }
    }
}
