import Foundation
import GRDB
import MatrixJSON

/// Rooms' power levels as the store keeps them (`room_power`), each read once per transaction.
struct StoredPowerLevels {
    private let statement: Statement?
    private var read: [String: PowerLevels] = [:]

    init(database: Database) {
        statement = try? database.cachedStatement(sql: "SELECT power_levels, create_event FROM room_power WHERE room_id = ?")
    }

    /// Also knowing the rooms whose power levels and create event `changes` bring both (saved
    /// already, in order, by `StoreWriter.savePower`): the store now holds exactly those, and
    /// reading them back would parse the JSON of an initial sync's every room again.
    init(database: Database, saved changes: [RoomChange]) {
        self.init(database: database)
        var brought: [String: (powerLevels: JSONValue?, createEvent: JSONValue?)] = [:]
        for change in changes where change.powerLevels != nil || change.createEvent != nil {
            let earlier = brought[change.roomID]
            brought[change.roomID] = (change.powerLevels ?? earlier?.powerLevels, change.createEvent ?? earlier?.createEvent)
        }
        for (roomID, levels) in brought {
            guard let content = levels.powerLevels, let create = levels.createEvent else { continue }
            read[roomID] = PowerLevels(content: content, create: create)
        }
    }

    mutating func of(_ roomID: String) throws -> PowerLevels {
        if let levels = read[roomID] { return levels }
        let row = try statement.flatMap { try Row.fetchOne($0, arguments: [roomID]) }
        let levels = PowerLevels(content: decoded(row?["power_levels"]), create: decoded(row?["create_event"]) ?? [:])
        read[roomID] = levels
        return levels
    }

    private func decoded(_ text: String?) -> JSONValue? {
        text.flatMap { try? JSONValue(json: Data($0.utf8)) }
    }
}
