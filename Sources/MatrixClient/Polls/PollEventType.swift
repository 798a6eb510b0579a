/// The event types and keys of polls, in both namespaces: the unstable ones Element and Element X
/// send and read, and the stable ones of MSC3381 as merged.
public enum PollEventType {
    public static let unstableStart = "org.matrix.msc3381.poll.start"
    public static let unstableResponse = "org.matrix.msc3381.poll.response"
    public static let unstableEnd = "org.matrix.msc3381.poll.end"
    public static let stableStart = "m.poll.start"
    public static let stableResponse = "m.poll.response"
    public static let stableEnd = "m.poll.end"
    /// Extensible events' plain text, as polls carry it.
    static let unstableText = "org.matrix.msc1767.text"

    public static let starts: Set = [unstableStart, stableStart]
    static let responses: Set = [unstableResponse, stableResponse]
    static let ends: Set = [unstableEnd, stableEnd]
}
