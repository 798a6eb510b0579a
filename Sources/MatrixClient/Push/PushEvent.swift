import MatrixJSON

/// An event as the push rules see it: decrypted where the client could, with its body folded
/// for matching once, however many rules look at it.
public struct PushEvent: Sendable {
    public let json: JSONValue
    public let sender: String
    let body: FoldedText
    let hasMentions: Bool

    /// The longest body the rules read: an event is at most 64 KiB on the wire.
    static let maximumBody = 65_536

    public init(json: JSONValue) {
        self.json = json
        sender = json["sender"]?.string ?? ""
        body = FoldedText(json["content"]?["body"]?.string ?? "", limit: Self.maximumBody)
        hasMentions = json["content"]?["m.mentions"] != nil
    }
}

/// What the rules need of the event's room: its ID and member count, the user's name in it, and
/// its power levels (`m.room.power_levels` content, or nothing: the spec's defaults).
public struct PushRoomContext: Sendable {
    public var roomID: String
    public var memberCount: Int
    public var ownDisplayName: String?
    public var powerLevels: JSONValue?

    public init(roomID: String, memberCount: Int, ownDisplayName: String?, powerLevels: JSONValue?) {
        self.roomID = roomID
        self.memberCount = memberCount
        self.ownDisplayName = ownDisplayName
        self.powerLevels = powerLevels
    }

    func powerLevel(of userID: String) -> Int {
        powerLevels?["users"]?[userID]?.int ?? powerLevels?["users_default"]?.int ?? 0
    }

    /// `notifications.room` defaults to 50 in the spec's power levels.
    func notificationPowerLevel(for key: String) -> Int {
        powerLevels?["notifications"]?[key]?.int ?? 50
    }
}
