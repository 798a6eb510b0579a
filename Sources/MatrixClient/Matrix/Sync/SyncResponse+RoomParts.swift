extension SyncResponse {
    public struct Timeline: Sendable, Equatable {
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

        init(reading reader: inout JSONReader) throws(JSONError) {
            self.init()
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "events": events = try reader.readEvents()
                case "limited": limited = try reader.readNull() ? false : reader.readBool()
                case "prev_batch": previousBatch = try reader.readStringOrNull()
                default: try reader.skipValue()
                }
            }
        }
    }

    public struct UnreadNotificationCounts: Sendable, Equatable {
        public var notificationCount: Int
        /// Notifications that mention the user or otherwise match a highlight rule.
        public var highlightCount: Int

        public init(notificationCount: Int = 0, highlightCount: Int = 0) {
            self.notificationCount = notificationCount
            self.highlightCount = highlightCount
        }

        public static var empty: Self { UnreadNotificationCounts() }

        init(reading reader: inout JSONReader) throws(JSONError) {
            self.init()
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "notification_count": notificationCount = try reader.readIntegerOrNull() ?? 0
                case "highlight_count": highlightCount = try reader.readIntegerOrNull() ?? 0
                default: try reader.skipValue()
                }
            }
        }
    }

    /// What a client needs to name a room that has no name. Each field is `nil` when the server
    /// left it out, which on an incremental sync means "unchanged", not "empty".
    public struct RoomSummary: Sendable, Equatable {
        /// Up to five members (never the user) to name the room after.
        public var heroes: [String]?
        public var joinedMemberCount: Int?
        public var invitedMemberCount: Int?
        /// The heroes' display names as the server gave them with the heroes (sliding sync does;
        /// `/v3` sends their member events in the state instead).
        public var heroNames: [String: String]?

        public init(heroes: [String]? = nil, joinedMemberCount: Int? = nil, invitedMemberCount: Int? = nil,
                    heroNames: [String: String]? = nil) {
            self.heroes = heroes
            self.joinedMemberCount = joinedMemberCount
            self.invitedMemberCount = invitedMemberCount
            self.heroNames = heroNames
        }

        public static var empty: Self { RoomSummary() }

        init(reading reader: inout JSONReader) throws(JSONError) {
            self.init()
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "m.heroes":
                    guard try !reader.readNull() else { return }
                    heroes = try reader.readStrings()
                case "m.joined_member_count": joinedMemberCount = try reader.readIntegerOrNull()
                case "m.invited_member_count": invitedMemberCount = try reader.readIntegerOrNull()
                default: try reader.skipValue()
                }
            }
        }
    }
}
