import GRDB

/// One reaction (`m.reaction`, an `m.annotation` of another event): who reacted to what with
/// which key, usually an emoji. Counted per key under the message it annotates.
public struct ReactionRecord: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reaction"

    public var eventID: String
    public var roomID: String
    public var targetID: String
    public var sender: String
    public var key: String

    public init(eventID: String, roomID: String, targetID: String, sender: String, key: String) {
        self.eventID = eventID
        self.roomID = roomID
        self.targetID = targetID
        self.sender = sender
        self.key = key
    }

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id", roomID = "room_id", targetID = "target_id", sender, key
    }
}
