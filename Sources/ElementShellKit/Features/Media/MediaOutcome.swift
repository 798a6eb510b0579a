/// What `/download` produced (an upload is a queued message).
public enum MediaOutcome: Sendable, Equatable {
    /// `/download` wrote the file.
    case downloaded(path: String, size: Int)
}
