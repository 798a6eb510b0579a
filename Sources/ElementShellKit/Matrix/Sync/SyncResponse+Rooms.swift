extension SyncResponse {
    public struct JoinedRoom: Sendable, Equatable, Decodable {
        /// State between `since` and the start of the timeline (all of it on an initial sync);
        /// with lazy loading, only the members the timeline needs.
        public var state: [SyncEvent]
        public var timeline: Timeline
        public var unreadNotifications: UnreadNotificationCounts
        public var summary: RoomSummary

        public init(state: [SyncEvent] = [], timeline: Timeline = .empty,
                    unreadNotifications: UnreadNotificationCounts = .empty, summary: RoomSummary = .empty) {
            self.state = state
            self.timeline = timeline
            self.unreadNotifications = unreadNotifications
            self.summary = summary
        }

        enum CodingKeys: String, CodingKey {
            case state, timeline, summary
            case unreadNotifications = "unread_notifications"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            state = try container.decodeEventBatch(forKey: .state)
            timeline = try container.decodeOrEmpty(Timeline.self, forKey: .timeline)
            unreadNotifications = try container.decodeOrEmpty(UnreadNotificationCounts.self, forKey: .unreadNotifications)
            summary = try container.decodeOrEmpty(RoomSummary.self, forKey: .summary)
        }
    }

    public struct InvitedRoom: Sendable, Equatable, Decodable {
        /// Stripped state the inviter's server chose to share: name, avatar, join rules, the
        /// invite itself. Its events carry no ID or timestamp.
        public var inviteState: [SyncEvent]

        public init(inviteState: [SyncEvent] = []) {
            self.inviteState = inviteState
        }

        enum CodingKeys: String, CodingKey {
            case inviteState = "invite_state"
        }

        public init(from decoder: any Decoder) throws {
            inviteState = try decoder.container(keyedBy: CodingKeys.self).decodeEventBatch(forKey: .inviteState)
        }
    }

    public struct LeftRoom: Sendable, Equatable, Decodable {
        public var state: [SyncEvent]
        /// Events up to the moment the user left or was removed.
        public var timeline: Timeline

        public init(state: [SyncEvent] = [], timeline: Timeline = .empty) {
            self.state = state
            self.timeline = timeline
        }

        enum CodingKeys: String, CodingKey {
            case state, timeline
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            state = try container.decodeEventBatch(forKey: .state)
            timeline = try container.decodeOrEmpty(Timeline.self, forKey: .timeline)
        }
    }
}
