import MatrixClient

/// What `/draft` and `/drafts` produced.
public enum DraftOutcome: Sendable, Equatable {
    /// The open room's draft; `nil` when it has none.
    case shown(String?)
    case saved
    case cleared
    /// `/drafts`: every draft of the session, with its room.
    case list([DraftView])
}

/// A draft with the name of its room, for `/drafts`.
public struct DraftView: Sendable, Equatable {
    public var roomID: String
    /// The room's name, with its thread where the draft is a thread's.
    public var roomName: RemoteText
    public var body: String
}
