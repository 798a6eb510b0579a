/// What a thread root shows of its thread: how many replies, and who wrote the latest.
public struct ThreadSummary: Sendable, Equatable {
    public var replyCount: Int
    public var latestSender: String

    public init(replyCount: Int, latestSender: String) {
        self.replyCount = replyCount
        self.latestSender = latestSender
    }
}
