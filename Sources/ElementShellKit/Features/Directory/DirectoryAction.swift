/// The public rooms a server lists (`/directory`).
public enum DirectoryAction: Sendable, Equatable {
    /// The first page of `server`'s directory (the user's own without it), of rooms matching
    /// `search` where given.
    case browse(search: String?, server: String?)
    /// The next page of the last one listed.
    case more
}

extension DirectoryAction {
    /// The command whose result this is.
    var command: CommandName { .directory }
}

// What the user searches for is theirs: printed, an action shows only its shape.
extension DirectoryAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .browse(let search, let server): "browse(search: \(search == nil ? "nil" : "<redacted>"), server: \(server ?? "nil"))"
        case .more: "more"
        }
    }
}
