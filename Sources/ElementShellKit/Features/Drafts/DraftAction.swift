/// Text kept for the open room, to send later.
public enum DraftAction: Sendable, Equatable {
    case save(text: String)
    case show
    case clear
    /// Every draft of the session, with its room.
    case list
}

extension DraftAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .save: "save(text: <redacted>)"
        case .show: "show"
        case .clear: "clear"
        case .list: "list"
        }
    }
}

extension DraftAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .list: .drafts
        case .save, .show, .clear: .draft
        }
    }
}
