/// One event from a sync response: a room event from `state` or `timeline`, or a stripped
/// state event from an invite, which has no ID and no timestamp.
public struct SyncEvent: Sendable, Equatable, Decodable {
    public var type: String
    public var eventID: String?
    public var sender: String
    /// Present exactly on state events (an empty string is a valid key).
    public var stateKey: String?
    /// Milliseconds since the Unix epoch, on the sender's homeserver clock.
    public var originServerTS: Int64?
    public var content: MatrixJSON
    /// Server-added data: `transaction_id` for our own sends, `redacted_because`, `age`, …
    public var unsigned: MatrixJSON?

    public init(type: String, eventID: String? = nil, sender: String, stateKey: String? = nil,
                originServerTS: Int64? = nil, content: MatrixJSON, unsigned: MatrixJSON? = nil) {
        self.type = type
        self.eventID = eventID
        self.sender = sender
        self.stateKey = stateKey
        self.originServerTS = originServerTS
        self.content = content
        self.unsigned = unsigned
    }

    public var isState: Bool { stateKey != nil }

    enum CodingKeys: String, CodingKey {
        case type, sender, content, unsigned
        case eventID = "event_id"
        case stateKey = "state_key"
        case originServerTS = "origin_server_ts"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        eventID = try container.decodeIfPresent(String.self, forKey: .eventID)
        sender = try container.decode(String.self, forKey: .sender)
        stateKey = try container.decodeIfPresent(String.self, forKey: .stateKey)
        originServerTS = try container.decodeIfPresent(Int64.self, forKey: .originServerTS)
        // Redacted events may arrive with no content at all.
        content = try container.decodeIfPresent(MatrixJSON.self, forKey: .content) ?? .object([:])
        unsigned = try container.decodeIfPresent(MatrixJSON.self, forKey: .unsigned)
    }
}
