import MatrixJSON

/// Who may join a room without an invite (`m.room.join_rules`).
public enum JoinRule: Sendable, Equatable {
    public static let eventType = "m.room.join_rules"

    case `public`, invite, knock
    /// Members of any of these rooms (spaces, mostly) may join.
    case restricted(to: [String])
    /// Members of these rooms may join, and anyone may ask to (room version 10 and later).
    case knockRestricted(to: [String])
    /// A rule this client does not know by name (`private`, …).
    case other(String)

    public init(content: JSONValue?) {
        let allowed = (content?["allow"]?.array ?? []).compactMap { rule -> String? in
            rule["type"]?.string == "m.room_membership" ? rule["room_id"]?.string : nil
        }
        switch content?["join_rule"]?.string {
        case "public": self = .public
        // The spec's default where the room has no such event.
        case "invite", nil: self = .invite
        case "knock": self = .knock
        case "restricted": self = .restricted(to: allowed)
        case "knock_restricted": self = .knockRestricted(to: allowed)
        case let name?: self = .other(name)
        }
    }

    /// The name the event and `/joinrule` use.
    public var name: String {
        switch self {
        case .public: "public"
        case .invite: "invite"
        case .knock: "knock"
        case .restricted: "restricted"
        case .knockRestricted: "knock_restricted"
        case .other(let name): name
        }
    }

    /// The rooms whose members may join without an invite.
    public var allowedRooms: [String] {
        switch self {
        case .restricted(let rooms), .knockRestricted(let rooms): rooms
        default: []
        }
    }

    public var content: JSONValue {
        switch self {
        case .restricted(let rooms), .knockRestricted(let rooms):
            ["join_rule": .string(name), "allow": .array(rooms.map { ["type": "m.room_membership", "room_id": .string($0)] })]
        default: ["join_rule": .string(name)]
        }
    }
}
