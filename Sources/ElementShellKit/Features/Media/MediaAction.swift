/// Files, to and from the homeserver's media repository.
public enum MediaAction: Sendable, Equatable {
    /// Uploads the file and sends it to the open room (or its open thread) as a message.
    case upload(path: String)
    /// Saves a message's file to `path`, or under its own name in the current directory;
    /// `overwrite` (`/download!`) replaces an existing file instead of choosing a new name.
    case download(MessageReference, path: String?, overwrite: Bool)
    /// Draws a message's picture as large as the terminal's window allows.
    case view(MessageReference)
}

extension MediaAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .upload: .upload
        case .download: .download
        case .view: .view
        }
    }
}
