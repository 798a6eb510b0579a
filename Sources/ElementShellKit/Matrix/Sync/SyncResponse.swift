/// The answer to `GET /_matrix/client/v3/sync`: what changed since the `since` token, and the
/// token to continue from. Only the parts this client uses are decoded; sections the server
/// leaves out (Synapse omits empty ones) decode as empty.
public struct SyncResponse: Sendable, Equatable, Decodable {
    public var nextBatch: String
    public var rooms: Rooms
    /// The account's global account data that changed, by event type (`m.direct`, …).
    public var accountData: [String: MatrixJSON]

    public init(nextBatch: String, rooms: Rooms = Rooms(), accountData: [String: MatrixJSON] = [:]) {
        self.nextBatch = nextBatch
        self.rooms = rooms
        self.accountData = accountData
    }

    /// Room updates by membership, each keyed by room ID.
    public struct Rooms: Sendable, Equatable, Decodable, Emptiable {
        public var joined: [String: JoinedRoom]
        public var invited: [String: InvitedRoom]
        public var left: [String: LeftRoom]

        public init(joined: [String: JoinedRoom] = [:], invited: [String: InvitedRoom] = [:], left: [String: LeftRoom] = [:]) {
            self.joined = joined
            self.invited = invited
            self.left = left
        }

        static var empty: Self { Rooms() }

        enum CodingKeys: String, CodingKey {
            case joined = "join"
            case invited = "invite"
            case left = "leave"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            joined = try container.decodeOrEmpty([String: JoinedRoom].self, forKey: .joined)
            invited = try container.decodeOrEmpty([String: InvitedRoom].self, forKey: .invited)
            left = try container.decodeOrEmpty([String: LeftRoom].self, forKey: .left)
        }
    }

    enum CodingKeys: String, CodingKey {
        case rooms
        case nextBatch = "next_batch"
        case accountData = "account_data"
    }

    /// An account data event: a type and its content, with no sender or ID.
    struct AccountDataEvent: Decodable {
        var type: String
        var content: MatrixJSON
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nextBatch = try container.decode(String.self, forKey: .nextBatch)
        rooms = try container.decodeOrEmpty(Rooms.self, forKey: .rooms)
        var accountData: [String: MatrixJSON] = [:]
        if container.contains(.accountData), try !container.decodeNil(forKey: .accountData) {
            let events = try container.nestedContainer(keyedBy: EventBatchKeys.self, forKey: .accountData)
                .decodeIfPresent([Lenient<AccountDataEvent>].self, forKey: .events) ?? []
            for event in events.compactMap(\.value) { accountData[event.type] = event.content }
        }
        self.accountData = accountData
    }
}
