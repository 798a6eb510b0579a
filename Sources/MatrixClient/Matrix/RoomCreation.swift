import MatrixJSON

/// A room to create: what `/create` and `/dm` ask for.
public struct RoomCreation: Sendable, Equatable {
    public var name: String?
    /// The local part of the room's alias (`team` for `#team:server`).
    public var aliasLocalpart: String?
    public var topic: String?
    /// Anyone may join, and the room is listed in the server's directory.
    public var isPublic: Bool
    /// The other person of a direct chat, invited at once.
    public var directChatPartner: String?
    /// Encrypted from its first event: `m.room.encryption` goes in with the room's initial state.
    public var isEncrypted: Bool
    /// A space (`type: m.space`): a room that groups rooms, where only its admins post.
    public var isSpace: Bool
    /// The space the room is made in: its canonical parent, whose members may join it unless it is public.
    public var parent: SpaceLink?

    public init(name: String? = nil, aliasLocalpart: String? = nil, topic: String? = nil, isPublic: Bool = false,
                directChatPartner: String? = nil, isEncrypted: Bool = false, isSpace: Bool = false, parent: SpaceLink? = nil) {
        self.name = name
        self.aliasLocalpart = aliasLocalpart
        self.topic = topic
        self.isPublic = isPublic
        self.directChatPartner = directChatPartner
        self.isEncrypted = isEncrypted
        self.isSpace = isSpace
        self.parent = parent
    }
}

extension RoomCreation {
    /// Whether `localpart` can name a room on `serverName`: the spec forbids `:` and NUL and
    /// limits the whole alias to 255 bytes; `#`, spaces and control characters would make an
    /// alias nobody can type back.
    public static func isValidAliasLocalpart(_ localpart: String, serverName: String) -> Bool {
        !localpart.isEmpty && "#\(localpart):\(serverName)".utf8.count <= 255
            && !localpart.unicodeScalars.contains { $0 == ":" || $0 == "#" || $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }
}

/// The body of `POST /createRoom`.
struct CreateRoomBody: Encodable, Sendable {
    var name: String?
    var roomAliasName: String?
    var topic: String?
    var preset: String
    var visibility: String
    var isDirect: Bool?
    var invite: [String]?
    var initialState: [InitialStateEvent]?
    var creationContent: JSONValue?
    var powerLevelContentOverride: JSONValue?

    init(_ creation: RoomCreation) {
        name = creation.name
        roomAliasName = creation.aliasLocalpart
        topic = creation.topic
        if creation.directChatPartner != nil {
            preset = "trusted_private_chat"
        } else {
            preset = creation.isPublic ? "public_chat" : "private_chat"
        }
        visibility = creation.isPublic ? "public" : "private"
        isDirect = creation.directChatPartner.map { _ in true }
        invite = creation.directChatPartner.map { [$0] }
        var state: [InitialStateEvent] = []
        if creation.isEncrypted { state.append(InitialStateEvent(type: RoomEncryption.eventType, content: RoomEncryption())) }
        if let parent = creation.parent {
            state.append(InitialStateEvent(type: SpaceLink.parentType, stateKey: parent.spaceID, content: parent.parentContent))
            // A private room in a space opens to the space's members, as Element and Clap make them.
            if !creation.isPublic { state.append(InitialStateEvent(type: JoinRule.eventType, content: JoinRule.restricted(to: [parent.spaceID]).content)) }
        }
        initialState = state.isEmpty ? nil : state
        creationContent = creation.isSpace ? ["type": "m.space"] : nil
        // Posting in a space room is for its admins; inviting to a public one for everyone.
        powerLevelContentOverride = creation.isSpace ? ["events_default": 100, "invite": .integer(creation.isPublic ? 0 : 50)] : nil
    }

    enum CodingKeys: String, CodingKey {
        case name, topic, preset, visibility, invite
        case roomAliasName = "room_alias_name"
        case isDirect = "is_direct"
        case initialState = "initial_state"
        case creationContent = "creation_content"
        case powerLevelContentOverride = "power_level_content_override"
    }
}

/// A state event of `initial_state`.
struct InitialStateEvent: Encodable, Sendable {
    var type: String
    var stateKey = ""
    var content: any Encodable & Sendable

    enum CodingKeys: String, CodingKey {
        case type, content
        case stateKey = "state_key"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(stateKey, forKey: .stateKey)
        try container.encode(content, forKey: .content)
    }
}
