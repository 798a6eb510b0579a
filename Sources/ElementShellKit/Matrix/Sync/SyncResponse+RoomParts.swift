extension SyncResponse {
    public struct Timeline: Sendable, Equatable, Decodable, Emptiable {
        public var events: [SyncEvent]
        /// More events happened than were sent: there is a gap before `events`, to be filled
        /// by paginating back from `previousBatch`.
        public var limited: Bool
        public var previousBatch: String?

        public init(events: [SyncEvent] = [], limited: Bool = false, previousBatch: String? = nil) {
            self.events = events
            self.limited = limited
            self.previousBatch = previousBatch
        }

        public static var empty: Self { Timeline() }

        enum CodingKeys: String, CodingKey {
            case events, limited
            case previousBatch = "prev_batch"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            events = try container.decodeEvents(forKey: .events)
            limited = try container.decodeIfPresent(Bool.self, forKey: .limited) ?? false
            previousBatch = try container.decodeIfPresent(String.self, forKey: .previousBatch)
        }
    }

    public struct UnreadNotificationCounts: Sendable, Equatable, Decodable, Emptiable {
        public var notificationCount: Int
        /// Notifications that mention the user or otherwise match a highlight rule.
        public var highlightCount: Int

        public init(notificationCount: Int = 0, highlightCount: Int = 0) {
            self.notificationCount = notificationCount
            self.highlightCount = highlightCount
        }

        public static var empty: Self { UnreadNotificationCounts() }

        enum CodingKeys: String, CodingKey {
            case notificationCount = "notification_count"
            case highlightCount = "highlight_count"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            notificationCount = try container.decodeIfPresent(Int.self, forKey: .notificationCount) ?? 0
            highlightCount = try container.decodeIfPresent(Int.self, forKey: .highlightCount) ?? 0
        }
    }

    /// What a client needs to name a room that has no name. Each field is `nil` when the server
    /// left it out, which on an incremental sync means "unchanged", not "empty".
    public struct RoomSummary: Sendable, Equatable, Decodable, Emptiable {
        /// Up to five members (never the user) to name the room after.
        public var heroes: [String]?
        public var joinedMemberCount: Int?
        public var invitedMemberCount: Int?

        public init(heroes: [String]? = nil, joinedMemberCount: Int? = nil, invitedMemberCount: Int? = nil) {
            self.heroes = heroes
            self.joinedMemberCount = joinedMemberCount
            self.invitedMemberCount = invitedMemberCount
        }

        public static var empty: Self { RoomSummary() }

        enum CodingKeys: String, CodingKey {
            case heroes = "m.heroes"
            case joinedMemberCount = "m.joined_member_count"
            case invitedMemberCount = "m.invited_member_count"
        }
    }
}
