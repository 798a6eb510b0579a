/// The answer to `GET /_matrix/client/v3/sync`: what changed since the `since` token, and the
/// token to continue from. Only the parts this client uses are decoded; sections the server
/// leaves out (Synapse omits empty ones) decode as empty.
public struct SyncResponse: Sendable, Equatable, Decodable {
    public var nextBatch: String
    public var rooms: Rooms

    public init(nextBatch: String, rooms: Rooms = Rooms()) {
        self.nextBatch = nextBatch
        self.rooms = rooms
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
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nextBatch = try container.decode(String.self, forKey: .nextBatch)
        rooms = try container.decodeOrEmpty(Rooms.self, forKey: .rooms)
    }
}
