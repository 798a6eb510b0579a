import Foundation
import MatrixJSON

/// What changed since the last sync, and where to go on from: the answer to `GET /v3/sync`, or
/// a sliding sync response put in the same terms (`SyncResponse(sliding:…)`), so nothing after
/// the request knows which sync ran. Only the parts this client uses are decoded; sections the
/// server leaves out (Synapse omits empty ones) decode as empty.
public struct SyncResponse: Sendable, Equatable, JSONReadable {
    public var position: SyncPosition
    public var rooms: Rooms
    /// The account's global account data that changed, by event type (`m.direct`, …).
    public var accountData: [String: JSONValue]
    /// What the encryption needs: to-device messages, device list changes, key counts.
    public var encryption: EncryptionUpdates
    /// The server has more to send at once (a sliding sync room list still loading): the loop
    /// asks again without waiting for news, and a catch-up is not over yet.
    public var hasMore = false

    public init(position: SyncPosition, rooms: Rooms = Rooms(), accountData: [String: JSONValue] = [:],
                encryption: EncryptionUpdates = EncryptionUpdates()) {
        self.position = position
        self.rooms = rooms
        self.accountData = accountData
        self.encryption = encryption
    }

    /// A `/v3/sync` response.
    public init(nextBatch: String, rooms: Rooms = Rooms(), accountData: [String: JSONValue] = [:],
                encryption: EncryptionUpdates = EncryptionUpdates()) {
        self.init(position: .nextBatch(nextBatch), rooms: rooms, accountData: accountData, encryption: encryption)
    }

    /// Room updates by membership, each keyed by room ID.
    public struct Rooms: Sendable, Equatable {
        public var joined: [String: JoinedRoom]
        public var invited: [String: InvitedRoom]
        public var left: [String: LeftRoom]
        /// Who is typing now in each joined room whose typing changed; a room left out has no
        /// news (it may be one the response brings nothing else of).
        public var typing: [String: [String]]
        /// When the user last read each room whose own read receipt changed (its `ts`), where the
        /// client counts unread messages itself; `/v3` leaves it empty: its server counts.
        public var ownReadTimes: [String: Int64] = [:]
        /// Room account data that changed (`m.marked_unread`, …), by room ID and then type: it
        /// may come for a room the response brings nothing else of.
        public var accountData: [String: [String: JSONValue]] = [:]

        /// How many rooms the response brings anything of.
        public var count: Int { joined.count + invited.count + left.count }

        public init(joined: [String: JoinedRoom] = [:], invited: [String: InvitedRoom] = [:], left: [String: LeftRoom] = [:],
                    typing: [String: [String]] = [:]) {
            self.joined = joined
            self.invited = invited
            self.left = left
            self.typing = typing
        }

        init(reading reader: inout JSONReader) throws(JSONError) {
            self.init()
            try reader.readSection { reader, key throws(JSONError) in
                switch key {
                case "join":
                    try reader.readSection { reader, key throws(JSONError) in
                        let roomID = try key.string()
                        var userIDs: [String]?
                        var roomAccountData: [String: JSONValue] = [:]
                        joined[roomID] = try JoinedRoom(reading: &reader, typing: &userIDs, accountData: &roomAccountData)
                        if let userIDs { typing[roomID] = userIDs }
                        if !roomAccountData.isEmpty { accountData[roomID] = roomAccountData }
                    }
                case "invite": invited = try reader.readRooms { reader throws(JSONError) in try InvitedRoom(reading: &reader) }
                case "leave": left = try reader.readRooms { reader throws(JSONError) in try LeftRoom(reading: &reader) }
                default: try reader.skipValue()
                }
            }
        }
    }

    /// Reads a `/v3/sync` body the way the sync loop receives it: parts the client does not use
    /// are skipped unread, events that do not fit are left out, and only broken JSON, a missing
    /// `next_batch` or a section of the wrong type make it a decoding error.
    public init(json: Data) throws(MatrixError) {
        self = try JSONReader.decode(json, as: Self.self) { reader throws(JSONError) in
            var nextBatch: String?
            var rooms = Rooms()
            var accountData: [String: JSONValue] = [:]
            var encryption = EncryptionUpdates()
            try reader.readObject { reader, key throws(JSONError) in
                switch key {
                case "next_batch": nextBatch = try reader.readString()
                case "rooms": rooms = try Rooms(reading: &reader)
                case "account_data": accountData = try Self.readAccountData(from: &reader)
                default: try encryption.read(key, from: &reader)
                }
            }
            guard let nextBatch else { throw JSONError(reason: .missingKey("next_batch"), offset: 0) }
            return SyncResponse(nextBatch: nextBatch, rooms: rooms, accountData: accountData, encryption: encryption)
        }
    }

    /// Account data events (`{"events": [{"type": …, "content": …}]}`) by type.
    static func readAccountData(from reader: inout JSONReader) throws(JSONError) -> [String: JSONValue] {
        var accountData: [String: JSONValue] = [:]
        try reader.readSection { reader, key throws(JSONError) in
            guard case "events" = key else { return try reader.skipValue() }
            accountData = try reader.readAccountDataEvents()
        }
        return accountData
    }
}

extension JSONReader {
    /// An array of account data events (`[{"type": …, "content": …}]`) by type; an event that
    /// does not fit is left out, like a room event; `null` is none.
    mutating func readAccountDataEvents() throws(JSONError) -> [String: JSONValue] {
        var accountData: [String: JSONValue] = [:]
        guard try !readNull() else { return accountData }
        try readArray { reader throws(JSONError) in
            guard reader.nextIs("{") else { return try reader.skipValue() }
            var type: String?, content: JSONValue?
            var fits = true
            try reader.readObject { reader, key throws(JSONError) in
                do throws(JSONError) {
                    switch key {
                    case "type": type = try reader.readStringOrNull()
                    case "content": content = try JSONValue(readingUnlessNull: &reader)
                    default: try reader.skipValue()
                    }
                } catch where !error.isMalformedText {
                    fits = false
                }
            }
            if fits, let type, let content { accountData[type] = content }
        }
        return accountData
    }
}
