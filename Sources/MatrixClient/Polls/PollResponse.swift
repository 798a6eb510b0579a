import GRDB
import MatrixJSON

/// A vote in a poll, or its end (`selections` nil), as the store keeps it.
public struct PollResponse: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "poll_response"

    public var eventID: String
    public var roomID: String
    /// The poll start's event ID.
    public var pollID: String
    public var sender: String
    /// The answers' IDs as sent, for a vote (not checked: an unknown one spoils the vote);
    /// `nil` for an end.
    public var selections: [String]?
    public var originServerTS: Int64

    public init(eventID: String, roomID: String, pollID: String, sender: String, selections: [String]?, originServerTS: Int64) {
        self.eventID = eventID
        self.roomID = roomID
        self.pollID = pollID
        self.sender = sender
        self.selections = selections
        self.originServerTS = originServerTS
    }

    public var isEnd: Bool { selections == nil }

    /// The vote or end an event is (in either namespace), if it is one: a reference to its poll.
    init?(roomID: String, event: SyncEvent) {
        let isVote = PollEventType.responses.contains(event.type)
        guard isVote || PollEventType.ends.contains(event.type), let eventID = event.eventID,
              event.content["m.relates_to"]?["rel_type"]?.string == "m.reference", let pollID = event.content["m.relates_to"]?["event_id"]?.string
        else { return nil }
        var selections: [String]?
        if isVote {
            let listed = event.content[PollEventType.unstableResponse]?["answers"] ?? event.content["m.selections"]
                ?? event.content[PollEventType.stableResponse]?["answers"]
            // Something that is no ID is an unknown answer: it spoils the vote.
            selections = (listed?.array ?? []).map { $0.string ?? "" }
        }
        self.init(eventID: eventID, roomID: roomID, pollID: pollID, sender: event.sender, selections: selections,
                  originServerTS: event.originServerTS ?? 0)
    }

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id", roomID = "room_id", pollID = "poll_id", sender, selections, originServerTS = "origin_server_ts"
    }
}
