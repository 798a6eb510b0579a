import GRDB

/// Text saved for a room (or, later, a thread) to finish and send another time. Drafts live in the
/// session's store, so another account never sees them and logging out removes them.
public struct DraftRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "draft"

    public var roomID: String
    public var threadRoot: String
    public var body: String
    /// Milliseconds since the Unix epoch.
    public var updatedAt: Int64

    public init(roomID: String, threadRoot: String = "", body: String, updatedAt: Int64) {
        self.roomID = roomID
        self.threadRoot = threadRoot
        self.body = body
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case roomID = "room_id", threadRoot = "thread_root", body, updatedAt = "updated_at"
    }
}
