import Foundation
import GRDB
import MatrixJSON

extension StoreWriter {
    /// Everyone the user ignores, as sync last brought the list.
    public nonisolated func ignoredUsers() async throws -> Set<String> {
        try await pool.read { try Self.ignoredUsers(in: $0) }
    }

    /// The account's push rules as sync last brought them; the spec's defaults before any came.
    public nonisolated func pushRules(userID: String) async throws -> PushRuleSet {
        try await pool.read { try Self.pushRules(in: $0, userID: userID) }
    }

    static func pushRules(in database: Database, userID: String) throws -> PushRuleSet {
        guard let text = try String.fetchOne(database, sql: "SELECT content FROM account_data WHERE type = ?",
                                             arguments: [PushRuleSet.accountDataType]),
              let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return .defaults(for: userID) }
        return PushRuleSet(json: json)
    }

    static func saveAccountData(_ content: JSONValue, type: String, in database: Database) throws {
        try database.execute(sql: "INSERT OR REPLACE INTO account_data (type, content) VALUES (?, ?)", arguments: [type, content.text])
    }

    /// Keeps what the batch says of who may notify each room. Returns the rooms' levels as the
    /// store now holds them, those the batch brings whole (power levels and create event both)
    /// already known: reading them back would parse the JSON of an initial sync's every room again.
    static func savePower(of changes: [RoomChange], in database: Database) throws -> StoredPowerLevels {
        let save = try database.cachedStatement(sql: """
            INSERT INTO room_power (room_id, power_levels, create_event) VALUES (?, ?, ?)
            ON CONFLICT (room_id) DO UPDATE SET power_levels = COALESCE(excluded.power_levels, power_levels),
                                                create_event = COALESCE(excluded.create_event, create_event)
            """)
        // What the statements leave for each room the batch names, as their COALESCE does.
        var saved: [String: (powerLevels: JSONValue?, createEvent: JSONValue?)] = [:]
        for change in changes where change.powerLevels != nil || change.createEvent != nil {
            try save.execute(arguments: [change.roomID, change.powerLevels?.text, change.createEvent?.text])
            let earlier = saved[change.roomID]
            saved[change.roomID] = (change.powerLevels ?? earlier?.powerLevels, change.createEvent ?? earlier?.createEvent)
        }
        // A room's levels need both: of one alone, the store's older other half stands.
        return try StoredPowerLevels(database: database, known: saved.compactMapValues { levels in
            guard let content = levels.powerLevels, let create = levels.createEvent else { return nil }
            return PowerLevels(content: content, create: create)
        })
    }

    /// What the rules do with each message of others the batch brought, by the message's index
    /// (`nil` for the user's own), each judged in its room as the batch left it: its members
    /// counted, the user's name in it, its powers, as the store now has them; the messages are
    /// judged on another core while the writer stores those before them.
    static func judging(_ batch: SyncBatch, rooms: [RoomRecord], power: StoredPowerLevels, names: StoredMemberNames, rules: PushRuleSet,
                        userID: String) throws -> JudgingAhead? {
        guard !batch.pushEvents.isEmpty else { return nil }
        let (contexts, contextIndices) = try pushContexts(of: batch, rooms: rooms, power: power, names: names, userID: userID)
        let events = batch.pushEvents
        return JudgingAhead(count: events.count) { index in
            guard let event = events[index] else { return nil }
            return rules.actions(for: event, in: contexts[Int(contextIndices[index])], userID: userID) ?? PushActions()
        }
    }

    /// The room of each message as the rules see it, and for each message the index of its
    /// room's among them. The user's own messages have theirs too, though they are not judged
    /// (their `pushEvents` are `nil`): telling them apart here would copy each message's event.
    private static func pushContexts(of batch: SyncBatch, rooms: [RoomRecord], power: StoredPowerLevels, names: StoredMemberNames,
                                     userID: String) throws -> ([PushRoomContext], [Int32]) {
        var power = power
        let roomsByID = Dictionary(rooms.map { ($0.roomID, $0) }) { _, last in last }
        var indexByRoomID: [String: Int32] = [:]
        var contexts: [PushRoomContext] = []
        var contextIndices: [Int32] = []
        contextIndices.reserveCapacity(batch.messages.count)
        // A batch brings each room's messages together: its context is looked up once for them.
        var current: (roomID: String, index: Int32)?
        for index in batch.messages.indices {
            let roomID = batch.messages[index].roomID
            if current?.roomID != roomID {
                if let known = indexByRoomID[roomID] {
                    current = (roomID, known)
                } else {
                    contexts.append(PushRoomContext(
                        roomID: roomID, memberCount: roomsByID[roomID]?.joinedMemberCount ?? 0,
                        ownDisplayName: try names.name(of: userID, in: roomID), powerLevels: try power.of(roomID)))
                    current = (roomID, Int32(contexts.count - 1))
                    indexByRoomID[roomID] = current?.index
                }
            }
            contextIndices.append(current?.index ?? 0)
        }
        return (contexts, contextIndices)
    }
}

extension PushActions {
    /// As the store's `message.push` keeps it: 0 nothing, 1 notify, 2 notify as a mention.
    var storedLevel: Int64 {
        notify ? (highlight ? 2 : 1) : 0
    }
}
