import MatrixJSON

extension SyncResponse {
    public struct JoinedRoom: Sendable, Equatable {
        /// State between `since` and the start of the timeline (all of it on an initial sync);
        /// with lazy loading, only the members the timeline needs.
        public var state: [SyncEvent]
        public var timeline: Timeline
        /// The server's counts; `nil` where it keeps none (sliding sync on Synapse) and the client
        /// counts.
        public var unreadNotifications: UnreadNotificationCounts?
        public var summary: RoomSummary

        public init(state: [SyncEvent] = [], timeline: Timeline = .empty,
                    unreadNotifications: UnreadNotificationCounts? = .empty, summary: RoomSummary = .empty) {
            self.state = state
            self.timeline = timeline
            self.unreadNotifications = unreadNotifications
            self.summary = summary
        }

        /// A joined room's section; who is typing there goes to `typing` (left alone when the
        /// section has no `m.typing`), its account data to `accountData`.
        init(reading reader: inout JSONReader, typing: inout [String]?, accountData: inout [String: JSONValue]) throws(JSONError) {
            self.init()
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "state": state = try reader.readEventBatch()
                case "timeline": timeline = try Timeline(reading: &reader)
                case "unread_notifications": unreadNotifications = try UnreadNotificationCounts(reading: &reader)
                case "summary": summary = try RoomSummary(reading: &reader)
                case "ephemeral": typing = try reader.readTypingUserIDs()
                case "account_data": accountData = try SyncResponse.readAccountData(from: &reader)
                default: try reader.skipValue()
                }
            }
        }
    }

    public struct InvitedRoom: Sendable, Equatable {
        /// Stripped state the inviter's server chose to share: name, avatar, join rules, the
        /// invite itself. Its events carry no ID or timestamp.
        public var inviteState: [SyncEvent]

        public init(inviteState: [SyncEvent] = []) {
            self.inviteState = inviteState
        }

        init(reading reader: inout JSONReader) throws(JSONError) {
            self.init()
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "invite_state": inviteState = try reader.readEventBatch()
                default: try reader.skipValue()
                }
            }
        }
    }

    public struct LeftRoom: Sendable, Equatable {
        public var state: [SyncEvent]
        /// Events up to the moment the user left or was removed.
        public var timeline: Timeline

        public init(state: [SyncEvent] = [], timeline: Timeline = .empty) {
            self.state = state
            self.timeline = timeline
        }

        /// A left room's section is a joined room's without the parts that end with membership.
        init(reading reader: inout JSONReader) throws(JSONError) {
            var typing: [String]?
            var accountData: [String: JSONValue] = [:]
            let room = try JoinedRoom(reading: &reader, typing: &typing, accountData: &accountData)
            self.init(state: room.state, timeline: room.timeline)
        }
    }
}
