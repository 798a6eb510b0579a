/// The body of a simplified sliding sync request (MSC4186), as Synapse reads it at
/// `/_matrix/client/unstable/org.matrix.simplified_msc3575/sync`. Nothing in it is sticky: every
/// request says in full which lists, subscriptions and extensions it wants.
struct SlidingSyncRequest: Encodable, Sendable, Equatable {
    /// Names the connection, so one device may hold several (Element X keeps two).
    var connectionID: String
    var lists: [String: RoomList]
    var roomSubscriptions: [String: RoomSubscription]
    var extensions: Extensions

    enum CodingKeys: String, CodingKey {
        case connectionID = "conn_id"
        case lists
        case roomSubscriptions = "room_subscriptions"
        case extensions
    }

    /// A window on the account's rooms, sorted by the server by their latest activity.
    struct RoomList: Encodable, Sendable, Equatable {
        /// Inclusive index ranges of the sorted rooms to send.
        var ranges: [[Int]]
        var requiredState: [StateKeySelector]
        var timelineLimit: Int
        /// None: every room the user is in, is invited to, or has left since the connection began.
        var filters: [String: Bool] = [:]

        enum CodingKeys: String, CodingKey {
            case ranges
            case requiredState = "required_state"
            case timelineLimit = "timeline_limit"
            case filters
        }
    }

    /// One room followed whether or not it is in a list's window, with its own timeline limit.
    struct RoomSubscription: Encodable, Sendable, Equatable {
        var requiredState: [StateKeySelector]
        var timelineLimit: Int

        enum CodingKeys: String, CodingKey {
            case requiredState = "required_state"
            case timelineLimit = "timeline_limit"
        }
    }

    /// A `[type, state_key]` pair of the state to send with each room; `*` matches any key,
    /// `$LAZY` the members the timeline needs and `$ME` the user's own membership.
    struct StateKeySelector: Encodable, Sendable, Equatable {
        var type: String
        var stateKey: String

        func encode(to encoder: any Encoder) throws {
            var pair = encoder.unkeyedContainer()
            try pair.encode(type)
            try pair.encode(stateKey)
        }
    }

    struct Extensions: Encodable, Sendable, Equatable {
        var toDevice: ToDevice?
        var e2ee: Switch?
        var accountData: Switch?
        /// The user's own read receipts are what unread counts start from (Synapse counts none).
        var receipts: Switch?
        var typing: Switch?

        enum CodingKeys: String, CodingKey {
            case toDevice = "to_device"
            case e2ee
            case accountData = "account_data"
            case receipts
            case typing
        }
    }

    /// An extension with nothing to say but that it is on.
    struct Switch: Encodable, Sendable, Equatable {
        var enabled = true
    }

    /// To-device messages from `since` (the last response's `next_batch`); the server deletes
    /// those before it, which the store took.
    struct ToDevice: Encodable, Sendable, Equatable {
        var enabled = true
        var since: String?
    }
}
