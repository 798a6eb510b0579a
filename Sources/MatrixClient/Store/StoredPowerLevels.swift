import Foundation
import GRDB
import MatrixJSON

/// Rooms' power levels as the store keeps them (`room_power`), each read once per transaction.
struct StoredPowerLevels {
    private let statement: Statement
    private var read: [String: PowerLevels] = [:]

    /// `known`: rooms' levels as the store holds them already, which need no reading back.
    init(database: Database, known: [String: PowerLevels] = [:]) throws {
        statement = try database.cachedStatement(sql: "SELECT power_levels, create_event FROM room_power WHERE room_id = ?")
        read = known
    }

    mutating func of(_ roomID: String) throws -> PowerLevels {
        if let levels = read[roomID] { return levels }
        let row = try Row.fetchOne(statement, arguments: [roomID])
        let levels = PowerLevels(content: decoded(row?["power_levels"]), create: decoded(row?["create_event"]) ?? [:])
        read[roomID] = levels
        return levels
    }

    private func decoded(_ text: String?) -> JSONValue? {
        text.flatMap { try? JSONValue(json: Data($0.utf8)) }
    }
}
