import Foundation
import GRDB

extension StoreWriter {
    /// Each poll start's results as its votes and ends in the store count them: an end from
    /// someone other than its creator counts where the room's power levels let them remove
    /// others' messages; votes of those ignored do not count.
    public nonisolated func pollResults(of polls: [MessageRecord]) async throws -> [String: PollResults] {
        let starts = polls.filter { $0.poll != nil }
        guard !starts.isEmpty else { return [:] }
        return try await pool.read { database in
            let ignored = try Self.ignoredUsers(in: database)
            var levels = try StoredPowerLevels(database: database)
            var results: [String: PollResults] = [:]
            for start in starts {
                guard let poll = start.poll else { continue }
                let responses = try PollResponse.filter(Column("poll_id") == start.eventID && Column("room_id") == start.roomID)
                    .order(Column("origin_server_ts"), Column("rowid")).fetchAll(database).filter { !ignored.contains($0.sender) }
                let power = try levels.of(start.roomID)
                results[start.eventID] = poll.results(of: responses, creator: start.sender) { sender in
                    power.level(of: sender) >= power.levelNeededToRedactOthers
                }
            }
            return results
        }
    }

    /// Keeps the votes and ends; the poll starts they change that the store holds.
    static func savePollResponses(_ responses: [PollResponse], in database: Database) throws -> [String] {
        var polls: [String] = []
        for response in responses {
            try response.insert(database, onConflict: .ignore)
            if database.changesCount > 0, !polls.contains(response.pollID) { polls.append(response.pollID) }
        }
        guard !polls.isEmpty else { return [] }
        return try String.fetchAll(database, sql: "SELECT event_id FROM message WHERE poll IS NOT NULL AND event_id IN (\(polls.map { _ in "?" }.joined(separator: ",")))",
                                   arguments: StatementArguments(polls))
    }

    /// Forgets a vote or end that was redacted; the poll it was of, where the store holds it.
    static func removePollResponse(_ eventID: String, in database: Database) throws -> [String] {
        guard let response = try PollResponse.fetchOne(database, key: eventID) else { return [] }
        try response.delete(database)
        return try String.fetchAll(database, sql: "SELECT event_id FROM message WHERE poll IS NOT NULL AND event_id = ?", arguments: [response.pollID])
    }
}

extension PollDefinition {
    /// As a store row keeps it: one JSON column.
    var storedText: String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }
}
