import Foundation
import GRDB
import TestSupport
import Testing
@testable import MatrixClient

/// Messages and members go in many rows to a statement (`MessageRowWriter`): each message must
/// still come back new or not, numbered in order, whichever statement and place it had.
@Suite struct ManyRowsTests {
    let directory = TemporaryDirectory()
    var url: URL { directory.url.appending(path: "account/store.sqlite") }

    /// More than two statements' worth, so a batch ends with a statement of fewer rows.
    static let count = MessageRowWriter.rowsPerStatement * 2 + 7

    func message(_ id: String, in roomID: String) -> MessageRecord {
        MessageRecord(eventID: id, roomID: roomID, sender: "@a:hs", msgtype: "m.text", body: "body of \(id)", originServerTS: 1)
    }

    func messages(_ ids: some Sequence<Int>, prefix: String = "$") -> [MessageRecord] {
        ids.map { message("\(prefix)\($0)", in: $0.isMultiple(of: 3) ? "!c" : "!d") }
    }

    @Test func aLargeBatchIsStoredWholeAndNumberedInItsOrder() async throws {
        let store = try StoreWriter(url: url)
        let result = try await store.apply(SyncBatch(messages: messages(0..<Self.count)), position: .nextBatch("s1"))

        #expect(result.messages.map(\.eventID) == messages(0..<Self.count).map(\.eventID))
        let numbers = result.messages.compactMap(\.seq)
        #expect(numbers.count == Self.count && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        let stored = try await store.messages(in: "!d", before: nil, limit: 1_000)
        #expect(stored.map(\.eventID) == result.messages.filter { $0.roomID == "!d" }.map(\.eventID))
        #expect(stored.map(\.seq) == result.messages.filter { $0.roomID == "!d" }.map(\.seq), "each as numbered when it came")
        #expect(stored.first?.body == "body of $1")
    }

    @Test func messagesStoredAlreadyAreNotNewWhereverTheyFall() async throws {
        let store = try StoreWriter(url: url)
        let first = try await store.apply(SyncBatch(messages: messages([4, 31, 32, 70])), position: .nextBatch("s1"))
        // Stored already: one in the first statement, the last of it and the first of the next,
        // one in the last statement. Twice in the batch: one in the same statement, one in
        // a later one.
        var again = messages(0..<Self.count)
        again.insert(contentsOf: messages([40]), at: 41)
        again.insert(contentsOf: messages([10]), at: 60)
        let result = try await store.apply(SyncBatch(messages: again), position: .nextBatch("s2"))

        let expected = messages(0..<Self.count).map(\.eventID).filter { !["$4", "$31", "$32", "$70"].contains($0) }
        #expect(result.messages.map(\.eventID) == expected)
        let numbers = result.messages.compactMap(\.seq)
        #expect(numbers.count == expected.count && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        #expect(numbers.first! > first.messages.compactMap(\.seq).max()!)
        let total = try await DatabaseQueue(path: url.path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM message") }
        #expect(total == Self.count)
    }

    @Test func aNumberIsNeverGivenAgainOnceItsMessageIsGone() async throws {
        let store = try StoreWriter(url: url)
        let first = try await store.apply(SyncBatch(messages: messages(0..<40)), position: .nextBatch("s1"))
        // A gap in both rooms takes every stored message, the newest too.
        var gapped = [RoomChange(roomID: "!c", membership: .join), RoomChange(roomID: "!d", membership: .join)]
        for index in gapped.indices { gapped[index].followsGap = true }
        let after = try await store.apply(SyncBatch(rooms: gapped, messages: messages(0..<3, prefix: "$new")), position: .nextBatch("s2"))

        #expect(after.gaps == ["!c", "!d"])
        #expect(after.messages.compactMap(\.seq).min()! > first.messages.compactMap(\.seq).max()!)
    }

    @Test func manyMembersAreSavedAndTheLaterNameOfOneTwiceStays() async throws {
        let store = try StoreWriter(url: url)
        var members = (0..<Self.count).map { MemberRecord(roomID: "!c", userID: "@u\($0):hs", displayName: "U\($0)") }
        members.insert(MemberRecord(roomID: "!c", userID: "@u3:hs", displayName: "Renamed"), at: 5)
        try await store.apply(SyncBatch(members: members), position: .nextBatch("s1"))
        try await store.apply(SyncBatch(members: [MemberRecord(roomID: "!c", userID: "@u70:hs", displayName: nil)]), position: .nextBatch("s2"))

        let stored = try await DatabaseQueue(path: url.path).read { database in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(database, sql: "SELECT user_id, display_name FROM member").map { row -> (String, String?) in
                (row["user_id"], row["display_name"])
            })
        }
        #expect(stored.count == Self.count)
        #expect(stored["@u3:hs"] == "Renamed")
        #expect(stored["@u40:hs"] == "U40")
        #expect(stored["@u70:hs"] == .some(nil), "a later sync's name, or none, replaces it")
    }
}
