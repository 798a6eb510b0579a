import MatrixJSON

/// An event as the push rules see it: decrypted where the client could. Its top-level fields are
/// kept apart, so rules on `type` or `sender` read them without a lookup; `room_id` is the room's.
public struct PushEvent: Sendable, Equatable {
    public let type: String
    public let sender: String
    public let stateKey: String?
    public let content: JSONValue
    /// Whether the event lists its mentions (`m.mentions`): the rules of before it are then off.
    var hasMentions: Bool { content["m.mentions"] != nil }

    /// The longest body the rules read: an event is at most 64 KiB on the wire.
    static let maximumBody = 65_536

    public init(type: String, sender: String, stateKey: String? = nil, content: JSONValue) {
        self.type = type
        self.sender = sender
        self.stateKey = stateKey
        self.content = content
    }

    /// An event as the spec writes it, with `type`, `sender`, `state_key` and `content`.
    public init(json: JSONValue) {
        self.init(type: json["type"]?.string ?? "", sender: json["sender"]?.string ?? "", stateKey: json["state_key"]?.string,
                  content: json["content"] ?? [:])
    }

    public init(_ event: borrowing SyncEvent) {
        self.init(type: event.type, sender: event.sender, stateKey: event.stateKey, content: event.content)
    }

    /// The text at `path`: `event_match` reads only strings, most often a top-level one.
    func string(at path: PropertyPath, roomID: String) -> String? {
        guard path.names.count == 1 else { return value(at: path, roomID: roomID)?.string }
        return switch path.names[0] {
        case "type": type
        case "sender": sender
        case "state_key": stateKey
        case "room_id": roomID
        default: nil
        }
    }

    /// The value at `path`, where every step is an object that has the next name.
    func value(at path: PropertyPath, roomID: String) -> JSONValue? {
        guard let first = path.names.first else { return nil }
        let top: JSONValue? = switch first {
        case "content": content
        case "type": .string(type)
        case "sender": .string(sender)
        case "state_key": stateKey.map(JSONValue.string)
        case "room_id": .string(roomID)
        default: nil
        }
        var value = top
        for index in path.names.indices.dropFirst() {
            value = value?[path.names[index]]
        }
        return value
    }
}

/// What the rules need of the event's room: its ID and member count, the user's name in it, and
/// who may notify it all.
public struct PushRoomContext: Sendable {
    public var roomID: String
    public var memberCount: Int
    public let ownDisplayName: String?
    public var powerLevels: PowerLevels
    /// The name as `contains_display_name` looks for it, made once for all the room's events.
    let ownNamePattern: GlobPattern?

    public init(roomID: String, memberCount: Int, ownDisplayName: String?, powerLevels: PowerLevels) {
        self.roomID = roomID
        self.memberCount = memberCount
        self.ownDisplayName = ownDisplayName
        self.powerLevels = powerLevels
        ownNamePattern = ownDisplayName.flatMap { $0.isEmpty ? nil : GlobPattern.literal($0) }
    }
}

/// One event being judged: the body is folded the first time a rule reads it, once for all the
/// rules after it, and not at all when no rule does (an event with `m.mentions` and no keywords).
struct PushJudgement {
    let event: PushEvent
    let room: PushRoomContext
    private var foldedBody: FoldedText?

    init(_ event: PushEvent, in room: PushRoomContext) {
        self.event = event
        self.room = room
    }

    mutating func body() -> FoldedText {
        if let foldedBody { return foldedBody }
        let folded = FoldedText(event.content["body"]?.string ?? "", limit: PushEvent.maximumBody)
        foldedBody = folded
        return folded
    }
}
