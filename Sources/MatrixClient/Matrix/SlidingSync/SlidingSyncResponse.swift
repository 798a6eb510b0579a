import Foundation
import MatrixJSON

/// A simplified sliding sync response (MSC4186) as the server sent it. `SyncResponse(sliding:…)`
/// puts it in the terms of `/v3/sync` for the rest of the client. Like `/v3`'s, parts this
/// client does not use are skipped unread, sections left out or `null` are empty, events that
/// do not fit come through malformed, and only broken JSON, a missing `pos` or a section of the
/// wrong type make it a decoding error.
public struct SlidingSyncResponse: Sendable, Equatable, JSONReadable {
    var pos: String
    /// How many rooms each list holds in all, of which the request's ranges asked for a window.
    var listCounts: [String: Int] = [:]
    var rooms: [String: Room] = [:]
    var toDevice: ToDevice?
    /// The `e2ee` extension: device list changes and key counts, in `/v3`'s names.
    var encryption = EncryptionUpdates()
    /// Global account data by type.
    var accountData: [String: JSONValue] = [:]
    /// Room account data that changed, by room ID and type.
    var roomAccountData: [String: [String: JSONValue]] = [:]
    /// Who is typing, by room, for rooms whose typing changed.
    var typing: [String: [String]] = [:]
    /// Read receipts (`m.read`, `m.read.private`, of the main timeline) that changed, by room.
    var readReceipts: [String: [ReadReceipt]] = [:]

    struct ReadReceipt: Sendable, Equatable {
        var userID: String
        var eventID: String
        /// When the user read, in milliseconds since the Unix epoch.
        var timestamp: Int64
    }

    struct ToDevice: Sendable, Equatable {
        var nextBatch: String?
        var events: [SyncEvent] = []
    }

    /// What changed in one room since the connection last sent it (all of it when `initial`).
    struct Room: Sendable, Equatable {
        /// The state the request asked for that changed (all of it when `initial`).
        var requiredState: [SyncEvent] = []
        var timeline: [SyncEvent] = []
        /// Stripped state of an invite; present exactly for rooms the user is invited to.
        var inviteState: [SyncEvent]?
        var previousBatch: String?
        /// Events are missing before `timeline`: more happened than the timeline limit allowed.
        var limited = false
        var isInitial = false
        var joinedCount: Int?
        var invitedCount: Int?
        /// Members to name a room without a name after, with the names the server knows.
        var heroes: [Hero]?
    }

    struct Hero: Sendable, Equatable {
        var userID: String
        var displayName: String?
    }

    init(pos: String) {
        self.pos = pos
    }

    public init(json: Data) throws(MatrixError) {
        self = try JSONReader.decode(json, as: Self.self) { reader throws(JSONError) in
            var pos: String?
            var response = SlidingSyncResponse(pos: "")
            try reader.readObject { reader, key throws(JSONError) in
                switch key {
                case "pos": pos = try reader.readString()
                case "lists": response.listCounts = try reader.readListCounts()
                case "rooms": response.rooms = try reader.readRooms { reader throws(JSONError) in try Room(reading: &reader) }
                case "extensions": try response.readExtensions(from: &reader)
                default: try reader.skipValue()
                }
            }
            guard let pos else { throw JSONError(reason: .missingKey("pos"), offset: 0) }
            response.pos = pos
            return response
        }
    }

    private mutating func readExtensions(from reader: inout JSONReader) throws(JSONError) {
        try reader.readSection { reader, key throws(JSONError) in
            switch key {
            case "to_device":
                guard try !reader.readNull() else { return }
                var toDevice = ToDevice()
                try reader.readObject { reader, key throws(JSONError) in
                    switch key {
                    case "next_batch": toDevice.nextBatch = try reader.readStringOrNull()
                    case "events": toDevice.events = try reader.readEvents()
                    default: try reader.skipValue()
                    }
                }
                self.toDevice = toDevice
            case "e2ee":
                try reader.readSection { reader, key throws(JSONError) in try encryption.read(key, from: &reader) }
            case "account_data":
                try reader.readSection { reader, key throws(JSONError) in
                    switch key {
                    case "global": accountData = try reader.readAccountDataEvents()
                    case "rooms":
                        try reader.readSection { reader, key throws(JSONError) in
                            let roomID = try key.string()
                            let events = try reader.readAccountDataEvents()
                            if !events.isEmpty { roomAccountData[roomID] = events }
                        }
                    default: try reader.skipValue()
                    }
                }
            case "receipts":
                try reader.readSection { reader, key throws(JSONError) in
                    guard case "rooms" = key else { return try reader.skipValue() }
                    try reader.readSection { reader, key throws(JSONError) in
                        let roomID = try key.string()
                        // The room's `m.receipt` event itself, not wrapped in `events`.
                        let receipts = try reader.readReadReceiptEvent()
                        if !receipts.isEmpty { readReceipts[roomID] = receipts }
                    }
                }
            case "typing":
                try reader.readSection { reader, key throws(JSONError) in
                    guard case "rooms" = key else { return try reader.skipValue() }
                    try reader.readSection { reader, key throws(JSONError) in
                        let roomID = try key.string()
                        // The room's `m.typing` event itself, not wrapped in `events`.
                        if let userIDs = try reader.readTypingEvent() { typing[roomID] = userIDs }
                    }
                }
            default:
                try reader.skipValue()
            }
        }
    }
}

extension SlidingSyncResponse.Room {
    init(reading reader: inout JSONReader) throws(JSONError) {
        self.init()
        try reader.readSection { reader, key throws(JSONError) in
            switch key {
            case "required_state": requiredState = try reader.readEvents()
            case "timeline": timeline = try reader.readEvents()
            case "invite_state":
                guard try !reader.readNull() else { return }
                inviteState = try reader.readEvents()
            case "prev_batch": previousBatch = try reader.readStringOrNull()
            case "limited": limited = try reader.readNull() ? false : reader.readBool()
            case "initial": isInitial = try reader.readNull() ? false : reader.readBool()
            case "joined_count": joinedCount = try reader.readIntegerOrNull()
            case "invited_count": invitedCount = try reader.readIntegerOrNull()
            case "heroes":
                guard try !reader.readNull() else { return }
                var heroes: [SlidingSyncResponse.Hero] = []
                try reader.readArray { reader throws(JSONError) in
                    if let hero = try SlidingSyncResponse.Hero(reading: &reader) { heroes.append(hero) }
                }
                self.heroes = heroes
            default: try reader.skipValue()
            }
        }
    }
}

extension SlidingSyncResponse.Hero {
    /// A hero, or `nil` for an entry without a user ID, which names no one.
    init?(reading reader: inout JSONReader) throws(JSONError) {
        guard reader.nextIs("{") else {
            try reader.skipValue()
            return nil
        }
        var userID: String?, displayName: String?
        try reader.readObject { reader, key throws(JSONError) in
            switch key {
            case "user_id" where reader.nextIs("\""): userID = try reader.readString()
            case "displayname" where reader.nextIs("\""): displayName = try reader.readString()
            default: try reader.skipValue()
            }
        }
        guard let userID else { return nil }
        self.init(userID: userID, displayName: displayName)
    }
}

extension JSONReader {
    /// Each list's `count`; a list without one is left out.
    fileprivate mutating func readListCounts() throws(JSONError) -> [String: Int] {
        var counts: [String: Int] = [:]
        try readSection { reader, key throws(JSONError) in
            let name = try key.string()
            try reader.readSection { reader, key throws(JSONError) in
                guard case "count" = key else { return try reader.skipValue() }
                counts[name] = try reader.readIntegerOrNull()
            }
        }
        return counts
    }
}

extension JSONReader {
    /// The read receipts of an `m.receipt` event (`{"content": {EVENT: {TYPE: {USER: {"ts": …}}}}}`)
    /// of the main timeline; other receipt types, threads and entries that do not fit are left out.
    fileprivate mutating func readReadReceiptEvent() throws(JSONError) -> [SlidingSyncResponse.ReadReceipt] {
        var receipts: [SlidingSyncResponse.ReadReceipt] = []
        try readSection { reader, key throws(JSONError) in
            guard case "content" = key else { return try reader.skipValue() }
            try reader.readSection { reader, key throws(JSONError) in
                let eventID = try key.string()
                try reader.readSection { reader, key throws(JSONError) in
                    switch key {
                    case "m.read", "m.read.private":
                        try reader.readSection { reader, key throws(JSONError) in
                            let userID = try key.string()
                            var timestamp: Int64?, thread: String?
                            let entry = reader
                            do throws(JSONError) {
                                try reader.readSection { reader, key throws(JSONError) in
                                    switch key {
                                    case "ts": timestamp = try reader.readNull() ? nil : reader.readInteger()
                                    case "thread_id": thread = try reader.readStringOrNull()
                                    default: try reader.skipValue()
                                    }
                                }
                            } catch where !error.isMalformedText {
                                // An entry that does not fit names no time: stepped over, as an odd event is.
                                reader = entry
                                try reader.skipValue()
                                return
                            }
                            guard let timestamp, thread == nil || thread == "main" else { return }
                            receipts.append(.init(userID: userID, eventID: eventID, timestamp: timestamp))
                        }
                    default:
                        try reader.skipValue()
                    }
                }
            }
        }
        return receipts
    }
}
