/// What `/download` and `/view` produced (an upload is a queued message).
public enum MediaOutcome: Sendable, Equatable {
    /// `/download` wrote the file.
    case downloaded(path: String, size: Int)
    /// `/view` drew a message's picture as large as the window allows.
    case viewed(ShownPicture)
}
