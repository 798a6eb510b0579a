import Foundation
import MatrixJSON

/// Joining, leaving, creating rooms and changing who is in them, for a session.
public protocol RoomService: Sendable {
    /// The ID of the room joined.
    func join(_ address: RoomAddress) async throws(MatrixError) -> String
    func leave(roomID: String) async throws(MatrixError)
    /// Asks to join a room whose join rule is `knock`; the ID of the room knocked on.
    func knock(_ address: RoomAddress, reason: String?) async throws(MatrixError) -> String
    /// Those asking to join the room now.
    func knocks(roomID: String) async throws(MatrixError) -> [Knock]
    /// Upgrades the room to a room of `version`; the ID of the room that replaces it.
    func upgrade(roomID: String, to version: String) async throws(MatrixError) -> String
    /// Forgets a room the user left: the server no longer lists it, nor keeps its history for them.
    func forget(roomID: String) async throws(MatrixError)
    /// Up to `limit` events before `token`, newest first, and the token to go on from (`nil` at
    /// the room's beginning).
    func olderEvents(roomID: String, from token: String, limit: Int) async throws(MatrixError) -> OlderEvents
    /// Messages containing `term`, the newest first: in `roomID`, or in every room without it.
    func search(_ term: String, roomID: String?, limit: Int) async throws(MatrixError) -> [SyncEvent]
    /// Who is in the room now, by user ID, with display names where set.
    func joinedMembers(roomID: String) async throws(MatrixError) -> [String: String?]
    /// Sets the room's name or topic (`m.room.name` / `m.room.topic`).
    func setText(_ kind: RoomText, of roomID: String, to text: String) async throws(MatrixError)
    /// Turns encryption on in the room (`m.room.encryption`); no client can turn it off again.
    func enableEncryption(_ settings: RoomEncryption, in roomID: String) async throws(MatrixError)
    /// Invites, kicks, bans or unbans `userID`.
    func change(_ change: MembershipChange, of userID: String, in roomID: String, reason: String?) async throws(MatrixError)
    /// Who may do what in the room now.
    func powerLevels(roomID: String) async throws(MatrixError) -> PowerLevels
    /// The ID of the new room.
    func createRoom(_ creation: RoomCreation) async throws(MatrixError) -> String
    /// Whether the user's server knows them: their profile is found (`GET /profile`, whose 404
    /// `M_NOT_FOUND` means no such user).
    func userExists(_ userID: String) async throws(MatrixError) -> Bool
    /// The account's own display name as its server has it now; `nil` when none is set.
    func ownDisplayName() async throws(MatrixError) -> String?
    /// Sets the account's display name; its server updates the account's member event in each
    /// joined room, so every room shows the new name.
    func setOwnDisplayName(_ name: String) async throws(MatrixError)
    /// The account's `m.direct` as the server has it now (empty when it has none).
    func directChats() async throws(MatrixError) -> DirectChats
    func setDirectChats(_ chats: DirectChats) async throws(MatrixError)
    /// Marks the room unread, or takes the mark away (`m.marked_unread`).
    func setMarkedUnread(_ unread: Bool, in roomID: String) async throws(MatrixError)
    /// Moves the read marker and the user's receipt to `eventID`.
    func markRead(_ eventID: String, in roomID: String, receipt: ReceiptType) async throws(MatrixError)
    /// Tells the room the user is typing (for `timeout` at most) or has stopped.
    func setTyping(_ isTyping: Bool, in roomID: String, userID: String, timeout: Duration) async throws(MatrixError)
    /// One page of the rooms `server` (the user's own without it) lists in its directory, those
    /// matching `search` where given, from `token` or the start.
    func publicRooms(server: String?, search: String?, from token: String?, limit: Int) async throws(MatrixError) -> RoomDirectoryPage
    /// One page of a space's rooms and subspaces (`/hierarchy`), from `token` or the start.
    func hierarchy(of spaceID: String, from token: String?) async throws(MatrixError) -> SpaceHierarchyPage
    /// The content of a state event; `nil` when the room has none of that type and key.
    func state(_ type: String, stateKey: String, of roomID: String) async throws(MatrixError) -> JSONValue?
    /// Sends a state event with this whole content (`{}` is how a space's child is removed).
    func setState(_ type: String, stateKey: String, content: JSONValue, in roomID: String) async throws(MatrixError)
    /// One event as the server has it (`/view-source`).
    func event(_ eventID: String, in roomID: String) async throws(MatrixError) -> RoomEventSource
}

/// The texts of a room that `/name` and `/topic` change.
public enum RoomText: String, Sendable, Equatable {
    case name, topic

    var eventType: String { "m.room." + rawValue }
}

public struct MatrixRoomService: RoomService {
    let client: MatrixClient
    let userID: String

    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30, clock: any ShellClock = SystemClock()) {
        userID = session.userID
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock)
    }

    public func join(_ address: RoomAddress) async throws(MatrixError) -> String {
        try await client.send(.join(address)).roomID
    }

    public func leave(roomID: String) async throws(MatrixError) {
        _ = try await client.send(.leave(roomID: roomID))
    }

    public func forget(roomID: String) async throws(MatrixError) {
        _ = try await client.send(.forget(roomID: roomID))
    }

    public func joinedMembers(roomID: String) async throws(MatrixError) -> [String: String?] {
        try await client.send(.joinedMembers(roomID: roomID)).joined.mapValues(\.displayName)
    }

    public func setText(_ kind: RoomText, of roomID: String, to text: String) async throws(MatrixError) {
        _ = try await client.send(.setTextState(roomID: roomID, type: kind.eventType, field: kind.rawValue, text: text))
    }

    public func enableEncryption(_ settings: RoomEncryption, in roomID: String) async throws(MatrixError) {
        _ = try await client.send(.setEncryption(settings, roomID: roomID))
    }

    public func olderEvents(roomID: String, from token: String, limit: Int) async throws(MatrixError) -> OlderEvents {
        let page = try await client.send(.messages(roomID: roomID, from: token, limit: limit))
        // An answer with nothing in it is the room's beginning too, whatever the token says.
        return OlderEvents(events: page.chunk, members: page.state.filter { $0.type == "m.room.member" },
                           next: page.chunk.isEmpty ? nil : page.end)
    }

    public func search(_ term: String, roomID: String?, limit: Int) async throws(MatrixError) -> [SyncEvent] {
        try await client.send(.search(term, roomID: roomID, limit: limit)).events
    }

    public func markRead(_ eventID: String, in roomID: String, receipt: ReceiptType) async throws(MatrixError) {
        _ = try await client.send(.readMarkers(roomID: roomID, eventID: eventID, receipt: receipt))
    }

    public func setTyping(_ isTyping: Bool, in roomID: String, userID: String, timeout: Duration) async throws(MatrixError) {
        _ = try await client.send(.typing(roomID: roomID, userID: userID, isTyping: isTyping, timeout: timeout))
    }

    public func event(_ eventID: String, in roomID: String) async throws(MatrixError) -> RoomEventSource {
        try await client.send(.event(eventID, in: roomID))
    }
}

/// A page of a room's timeline going back (`/messages`).
public struct OlderEvents: Sendable {
    /// Newest first.
    public var events: [SyncEvent]
    /// The member events of the events' senders, which the server sends along (lazy loading).
    public var members: [SyncEvent]
    /// Where to go on from; `nil` at the room's beginning.
    public var next: String?

    public init(events: [SyncEvent], members: [SyncEvent] = [], next: String?) {
        self.events = events
        self.members = members
        self.next = next
    }
}
