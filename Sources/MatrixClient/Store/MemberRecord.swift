import GRDB

/// A member's display name in a room, for naming senders.
public struct MemberRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "member"

    public var roomID: String
    public var userID: String
    public var displayName: String?

    public init(roomID: String, userID: String, displayName: String?) {
        self.roomID = roomID
        self.userID = userID
        self.displayName = displayName
    }

    enum CodingKeys: String, CodingKey {
        case roomID = "room_id", userID = "user_id", displayName = "display_name"
    }
}
