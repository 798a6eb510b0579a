import MatrixClient

/// What the room commands produced: `/rooms`, `/open`, `/join`, `/leave`, `/read`, `/history`,
/// `/members`, `/name`, `/topic`, `/joinrule`, `/search`, `/unread` and `/last`.
public enum RoomOutcome: Sendable, Equatable {
    /// `/rooms`: in the order shown; the position (from 1) is the number `/open` will take.
    /// Grouped spaces (`group_space_rooms`) have a cell, by room ID.
    case list([RoomEntry], spaceCells: [String: SpaceCell] = [:])
    /// `/rooms --unread`: each with its number in `/rooms`, which `/open` takes.
    case unread([NumberedRoom], spaceCells: [String: SpaceCell] = [:])
    /// `/read`: the receipt and read marker are sent.
    case markedRead(roomName: RemoteText)
    /// `/unread-mark`: the room is marked unread, for every client of the account.
    case markedUnread(roomName: RemoteText)
    /// `/open`: the room's name, its latest messages, its draft for the input line, and what its
    /// first line says of it besides.
    case opened(roomName: RemoteText, messages: [MessageView], draft: String?, header: RoomHeader = RoomHeader())
    /// `/open` of a room joined (here or in an earlier run) that sync has not brought yet: its
    /// messages print as they arrive.
    case openedBeforeSync(roomName: RemoteText, draft: String?)
    /// `/members`: by name.
    case members([MemberEntry])
    /// `/name` or `/topic` without text: what it is now (`nil` when unset).
    case text(RoomText, RemoteText?)
    /// The change is sent; it shows once sync brings it back.
    case textChanged(RoomText)
    /// `/history`: older messages, oldest first; none at the room's beginning.
    case history([MessageView])
    /// `/join`: the room is joined and open; its name arrives with the next sync.
    /// `roomName` as the user knows it: the invite's name, or what they typed to join.
    case joined(roomID: String, roomName: RemoteText)
    case left(roomName: RemoteText)
    /// `/forget`: the room is gone from the list and the store.
    case forgotten(roomName: RemoteText)
    /// `/joinrule`: the open room's rule, with the names of the spaces a restricted one admits;
    /// `changed` when the command set it.
    case joinRule(rule: RemoteText, spaces: [RemoteText], changed: Bool)
    /// `/search`: the messages found, the newest first, each with its room's name, and whether
    /// rooms searched were encrypted, whose messages the server cannot read to search.
    case searchResults([SearchHit], encryptedNotSearched: Bool)
    /// `/unread`: the rooms with news, in the order they matter (`RoomNews.ordered`).
    case news([RoomNews])
    /// `/last`: the newest messages of the open room (or thread, named with it), oldest first.
    case recent(roomName: RemoteText, messages: [MessageView])
}

extension RoomOutcome {
    /// Only confirms what was asked: worth showing when typed, not when a script runs it.
    var isConfirmation: Bool {
        switch self {
        case .textChanged, .markedRead: true
        default: false
        }
    }
}

/// A room with its number in the full `/rooms` list.
public struct NumberedRoom: Sendable, Equatable {
    public var number: Int
    public var room: RoomEntry

    /// Rooms in `/rooms` order, numbered from 1.
    static func numbering(_ rooms: [RoomEntry]) -> [NumberedRoom] {
        rooms.enumerated().map { NumberedRoom(number: $0.offset + 1, room: $0.element) }
    }
}

/// A member of the open room, for `/members`.
public struct MemberEntry: Sendable, Equatable {
    public var userID: String
    /// The display name, unique within the room.
    public var name: RemoteText
}
