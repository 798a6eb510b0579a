import Foundation
import MatrixJSON
@testable import ElementShellKit
@testable import MatrixClient

/// Rooms in memory for verification tests: what a center sends into a room is kept in order with
/// an event ID, and each device reads the events it has not seen yet. To-device messages go
/// through `MemoryKeysServer`, as the crypto machines' own do.
actor MemoryRooms {
    private var events: [String: [SyncEvent]] = [:]
    private var read: [String: Int] = [:]
    private var nextID = 1

    func post(_ roomID: String, type: String, content: JSONValue, sender: String, at timestamp: Int64) -> String {
        let eventID = "$\(nextID)"
        nextID += 1
        events[roomID, default: []].append(SyncEvent(type: type, eventID: eventID, sender: sender, originServerTS: timestamp, content: content))
        return eventID
    }

    /// The room's events `reader` has not had yet.
    func unread(by reader: String) -> [String: [SyncEvent]] {
        var news: [String: [SyncEvent]] = [:]
        for (roomID, timeline) in events {
            let seen = read["\(reader) \(roomID)"] ?? 0
            if timeline.count > seen { news[roomID] = Array(timeline[seen...]) }
            read["\(reader) \(roomID)"] = timeline.count
        }
        return news
    }
}

/// One device's way out: to-device through the keys server, room events into `MemoryRooms`.
struct MemoryVerificationTransport: VerificationTransport {
    let keys: any KeysService
    let rooms: MemoryRooms
    let userID: String
    let now: @Sendable () -> Date

    func sendToDevice(type: String, messages: [String: [String: JSONValue]]) async throws(MatrixError) {
        try await keys.sendToDevice(type: type, transactionID: UUID().uuidString, messages: messages)
    }

    func sendInRoom(_ roomID: String, type: String, content: JSONValue) async throws(MatrixError) -> String {
        await rooms.post(roomID, type: type, content: content, sender: userID, at: Int64(now().timeIntervalSince1970 * 1000))
    }
}
