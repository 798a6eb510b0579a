/// Threads of the open room.
public enum ThreadAction: Sendable, Equatable {
    /// Opens the thread of a message (a root, or any message in it), sending `text` there if given.
    case open(MessageReference, text: String?)
    /// Back from the thread to the room's main timeline.
    case back
    case list
}

extension ThreadAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .open(let reference, _): "open(\(reference.text), text: <redacted>)"
        case .back: "back"
        case .list: "list"
        }
    }
}

extension ThreadAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .open: .thread
        case .back: .back
        case .list: .threads
        }
    }
}
