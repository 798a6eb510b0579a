import Foundation
import GRDB
import MatrixJSON
import TestSupport
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct StoreWriterTests {
    let directory = TemporaryDirectory()
    var url: URL { directory.url.appending(path: "account/store.sqlite") }

    @Test func aNewStoreHasEveryMigrationAndNothingElse() async throws {
        let store = try StoreWriter(url: url)
        #expect(try await store.syncPositions().nextBatch == nil)
        #expect(try await store.rooms().isEmpty)
        let applied = try await DatabaseQueue(path: url.path).read { try StoreMigrations.migrator.appliedIdentifiers($0) }
        #expect(applied == Set(StoreMigrations.migrator.migrations))
        let mode = try await DatabaseQueue(path: url.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aStoreFromAnEarlierVersionIsUpgradedWithItsDataKept() async throws {
        try await storeOfAnEarlierVersion(upTo: "2 messages, members and outbox", """
            INSERT INTO room (room_id, membership, name, heroes) VALUES ('!a', 'join', 'Kept', '@b:hs');
            INSERT INTO sync_state (id, next_batch) VALUES (1, 's9')
            """)

        let store = try StoreWriter(url: url)
        #expect(try await store.syncPositions().nextBatch == "s9")
        #expect(try await store.rooms() == [RoomRecord(roomID: "!a", membership: .join, name: "Kept", heroes: ["@b:hs"])])
    }

    @Test func membersAreKeptWhenTheirTableLosesItsRowid() async throws {
        try await storeOfAnEarlierVersion(upTo: "22 shared history",
                                          "INSERT INTO member (room_id, user_id, display_name) VALUES ('!a', '@b:hs', 'Bee'), ('!a', '@c:hs', NULL)")

        _ = try StoreWriter(url: url)  // Opening it upgrades it.
        let (members, schema) = try await DatabaseQueue(path: url.path).read { database in
            (try Row.fetchAll(database, sql: "SELECT room_id, user_id, display_name FROM member ORDER BY user_id").map { [$0[0], $0[1], $0[2]] as [String?] },
             try String.fetchOne(database, sql: "SELECT sql FROM sqlite_master WHERE name = 'member'"))
        }
        #expect(members == [["!a", "@b:hs", "Bee"], ["!a", "@c:hs", nil]])
        #expect(schema?.contains("WITHOUT ROWID") == true)
    }

    /// The store as an earlier version left it: migrated up to `migration`, then `sql` run in it.
    private func storeOfAnEarlierVersion(upTo migration: String, _ sql: String) async throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: url.path)
        try StoreMigrations.migrator.migrate(old, upTo: migration)
        try await old.write { try $0.execute(sql: sql) }
        try old.close()
    }

    @Test func roomsAndTheirTokenArriveTogetherAndSurviveReopening() async throws {
        do {
            let store = try StoreWriter(url: url)
            var first = RoomChange(roomID: "!a", membership: .join)
            first.name = "A"
            first.heroes = ["@x:hs", "@y:hs"]
            first.notificationCount = 2
            first.lastActivity = 200
            try await store.apply(SyncBatch(rooms: [first]), position: .nextBatch("s1"))
            var second = RoomChange(roomID: "!a", membership: .join)
            second.topic = "Things"
            second.lastActivity = 100
            let now = try await store.apply(SyncBatch(rooms: [second, RoomChange(roomID: "!b", membership: .invite)]), position: .nextBatch("s2"))
            #expect(now.rooms.first == RoomRecord(roomID: "!a", membership: .join, name: "A", topic: "Things", heroes: ["@x:hs", "@y:hs"],
                                           notificationCount: 2, lastActivity: 200), "what a response leaves out stays as stored")
        }
        let reopened = try StoreWriter(url: url)
        #expect(try await reopened.syncPositions().nextBatch == "s2")
        let rooms = try await reopened.rooms().sorted { $0.roomID < $1.roomID }
        #expect(rooms.map(\.roomID) == ["!a", "!b"])
        #expect(rooms[0].name == "A" && rooms[0].topic == "Things" && rooms[0].heroes == ["@x:hs", "@y:hs"] && rooms[1].membership == .invite)
    }

    @Test func pinsAndUpgradesFromStateAreKeptUntilChanged() async throws {
        let store = try StoreWriter(url: url)
        func state(_ type: String, _ content: JSONValue) -> SyncEvent { SyncEvent(type: type, sender: "@a:hs", stateKey: "", content: content) }
        var response = SyncResponse(nextBatch: "s1")
        response.rooms.joined["!new:hs"] = SyncResponse.JoinedRoom(state: [state("m.room.create", ["room_version": "12", "predecessor": ["room_id": "!old:hs"]]),
                                                         state("m.room.pinned_events", ["pinned": ["$1", "$2", 7]])])
        response.rooms.joined["!old:hs"] = SyncResponse.JoinedRoom(state: [state("m.room.tombstone", ["body": "moved", "replacement_room": "!new:hs"])])
        try await store.apply(SyncBatch(response, userID: "@me:hs"), position: .nextBatch("s1"))
        var rooms = Dictionary(uniqueKeysWithValues: try await store.rooms().map { ($0.roomID, $0) })
        #expect(rooms["!new:hs"]?.pinnedEventIDs == ["$1", "$2"], "what is no event ID is left out")
        #expect(rooms["!new:hs"]?.predecessorRoomID == "!old:hs")
        #expect(rooms["!old:hs"]?.replacementRoomID == "!new:hs")

        // A later response without them keeps them; an empty list unpins all.
        var later = SyncResponse(nextBatch: "s2")
        later.rooms.joined["!new:hs"] = SyncResponse.JoinedRoom(state: [state("m.room.pinned_events", ["pinned": []])])
        later.rooms.joined["!old:hs"] = SyncResponse.JoinedRoom(state: [state("m.room.topic", ["topic": "old"])])
        try await store.apply(SyncBatch(later, userID: "@me:hs"), position: .nextBatch("s2"))
        rooms = Dictionary(uniqueKeysWithValues: try await StoreWriter(url: url).rooms().map { ($0.roomID, $0) })
        #expect(rooms["!new:hs"]?.pinnedEventIDs == [])
        #expect(rooms["!old:hs"]?.replacementRoomID == "!new:hs")
    }

    @Test func aFailedTransactionLeavesNothingBehind() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncBatch(rooms: [RoomChange(roomID: "!a", membership: .join)]), position: .nextBatch("s1"))
        struct Interrupted: Error {}
        await #expect(throws: Interrupted.self) {
            try await store.transaction { database in
                try database.execute(sql: "INSERT INTO room (room_id, membership) VALUES ('!b', 'join')")
                try database.execute(sql: "UPDATE sync_state SET next_batch = 's2'")
                throw Interrupted()
            }
        }
        #expect(try await store.syncPositions().nextBatch == "s1")
        #expect(try await store.rooms().map(\.roomID) == ["!a"])
    }

    @Test func anUnusableLocationIsATypedError() {
        #expect(throws: StoreWriter.Failure.cannotOpen(path: "/proc/nowhere/store.sqlite")) {
            try StoreWriter(url: URL(fileURLWithPath: "/proc/nowhere/store.sqlite"))
        }
    }

    @Test func eachAccountHasItsOwnPlace() {
        let alice = Session(userID: "@alice:hs.example", deviceID: "A", accessToken: "t", homeserverURL: URL(string: "https://hs.example")!)
        var otherServer = alice
        otherServer.homeserverURL = URL(string: "https://other.example")!
        var bob = alice
        bob.userID = "@bob:hs.example"
        let places = Set([alice, otherServer, bob].map { StoreLocation.directory(for: $0, dataDirectory: "/data").path })
        #expect(places.count == 3)
        #expect(StoreLocation.directory(for: alice, dataDirectory: "/data").lastPathComponent == "%40alice%3Ahs.example@https%3A%2F%2Fhs.example")
    }
}

extension StoreWriterTests {
    func message(_ id: String, in roomID: String) -> MessageRecord {
        MessageRecord(eventID: id, roomID: roomID, sender: "@a:hs", msgtype: "m.text", body: id, originServerTS: 1)
    }

    @Test func newMessagesComeBackNumberedInTheOrderStored() async throws {
        let store = try StoreWriter(url: url)
        let result = try await store.apply(SyncBatch(messages: [message("$1", in: "!a"), message("$2", in: "!a")]), position: .nextBatch("s1"))
        let numbers = result.messages.compactMap(\.seq)
        #expect(numbers.count == 2 && numbers[0] < numbers[1])
        let again = try await store.apply(SyncBatch(messages: [message("$2", in: "!a")]), position: .nextBatch("s2"))
        #expect(again.messages.isEmpty, "a message the store has is not new")
    }

    @Test func aTimelineAfterAGapReplacesTheRoomsStoredMessagesAndItsWayBack() async throws {
        let store = try StoreWriter(url: url)
        var first = RoomChange(roomID: "!a", membership: .join)
        first.previousBatch = "p1"
        try await store.apply(SyncBatch(rooms: [first, RoomChange(roomID: "!b", membership: .join)],
                                        messages: [message("$old", in: "!a"), message("$other", in: "!b")]), position: .nextBatch("s1"))
        var gapped = RoomChange(roomID: "!a", membership: .join)
        gapped.previousBatch = "g1"
        gapped.followsGap = true
        let result = try await store.apply(SyncBatch(rooms: [gapped], messages: [message("$new", in: "!a")]), position: .nextBatch("s2"))
        #expect(result.gaps == ["!a"])
        #expect(try await store.messages(in: "!a", before: nil, limit: 10).map(\.eventID) == ["$new"])
        #expect(try await store.messages(in: "!b", before: nil, limit: 10).map(\.eventID) == ["$other"], "other rooms keep theirs")
        #expect(try await store.room("!a")?.previousBatch == "g1", "history goes back across the gap")

        var limitedButEmpty = RoomChange(roomID: "!c", membership: .join)
        limitedButEmpty.previousBatch = "c1"
        limitedButEmpty.followsGap = true
        let fresh = try await store.apply(SyncBatch(rooms: [limitedButEmpty]), position: .nextBatch("s3"))
        #expect(fresh.gaps.isEmpty, "a room with nothing stored has nothing to lose")
        #expect(try await store.room("!c")?.previousBatch == "c1")
    }
}

extension StoreWriterTests {
    @Test func heroesAreNamedByTheirDisplayNamesInTheRoom() async throws {
        let store = try StoreWriter(url: url)
        var change = RoomChange(roomID: "!dm", membership: .join)
        change.heroes = ["@bob:hs", "@eve:hs"]
        let result = try await store.apply(SyncBatch(rooms: [change], members: [MemberRecord(roomID: "!dm", userID: "@bob:hs", displayName: "Bob"),
                                                                                 MemberRecord(roomID: "!other", userID: "@eve:hs", displayName: "Eve")]),
                                           position: .nextBatch("s1"))
        #expect(result.rooms.first?.heroNames == ["Bob", ""], "a name from another room does not count")
        #expect(try await store.rooms().first?.heroNames == ["Bob", ""])
    }

    /// Names the batch brings are known without asking the store, and must say what the store
    /// then says: the last row of a member wins, one without a name included; others are read.
    @Test func heroesAreNamedAlikeFromTheBatchAndFromTheStore() async throws {
        let store = try StoreWriter(url: url)
        var change = RoomChange(roomID: "!dm", membership: .join)
        change.heroes = ["@bob:hs", "@eve:hs"]
        try await store.apply(SyncBatch(rooms: [change], members: [MemberRecord(roomID: "!dm", userID: "@bob:hs", displayName: "Bob"),
                                                                  MemberRecord(roomID: "!dm", userID: "@eve:hs", displayName: "Eve")]),
                              position: .nextBatch("s1"))
        let renamed = try await store.apply(SyncBatch(rooms: [change], members: [MemberRecord(roomID: "!dm", userID: "@bob:hs", displayName: "Robert"),
                                                                                  MemberRecord(roomID: "!dm", userID: "@bob:hs", displayName: nil)]),
                                            position: .nextBatch("s2"))
        #expect(renamed.rooms.first?.heroNames == ["", "Eve"], "Bob's last row has no name; Eve's name is the store's")
        #expect(try await store.rooms().first?.heroNames == ["", "Eve"])
    }

    @Test func directChatsFollowTheAccountsListEvenForRoomsThatArriveLater() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncBatch(rooms: [RoomChange(roomID: "!group", membership: .join), RoomChange(roomID: "!dm", membership: .join)]),
                              position: .nextBatch("s1"))
        let listed = try await store.apply(SyncBatch(directRoomIDs: ["!dm", "!later"]), position: .nextBatch("s2"))
        #expect(listed.rooms.filter(\.isDirect).map(\.roomID) == ["!dm"], "a new list reaches every stored room")
        let arrived = try await store.apply(SyncBatch(rooms: [RoomChange(roomID: "!later", membership: .join)]), position: .nextBatch("s3"))
        #expect(arrived.rooms.map(\.isDirect) == [true])

        var invite = RoomChange(roomID: "!invite", membership: .invite)
        invite.isDirectInvite = true
        try await store.apply(SyncBatch(rooms: [invite], directRoomIDs: []), position: .nextBatch("s4"))
        let rooms = try await store.rooms()
        #expect(rooms.filter(\.isDirect).map(\.roomID) == ["!invite"], "an emptied list leaves only the marked invite")

        let unchanged = try await store.apply(SyncBatch(directRoomIDs: ["!group"]), position: .nextBatch("s5"))
        #expect(unchanged.rooms.filter(\.isDirect).map(\.roomID).sorted() == ["!group", "!invite"], "a new list keeps a marked invite too")
    }

    /// Two writers of one store (a script's run beside the interactive shell, a session that
    /// ended and the login after it): the second opens and writes while the first is inside a
    /// transaction, once that transaction is done, instead of failing with "database is locked".
    @Test func aSecondWriterOfTheSameStoreWaitsForTheFirstsTransaction() async throws {
        let store = try StoreWriter(url: url)
        let first = try DatabaseQueue(path: url.path)
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        // However the test ends, the first writer's transaction does.
        defer { release.signal() }
        async let held: Void = offThePool {
            try first.write { database in
                try database.execute(sql: "UPDATE sync_state SET next_batch = 'first' WHERE id = 1")
                holding.signal()
                release.wait()
            }
        }
        try await offThePool { holding.wait() }
        // The second writer says in its log when it meets the lock, or fails; either ends the wait.
        let heard = Recorder<String>()
        var log = RecordingLogHandler()
        log.onLog = { line in Task { await heard.append(line.message) } }
        let logger = log.logger
        async let secondWrote: Void = {
            do {
                let second = try await offThePool { [url] in try StoreWriter(url: url, logger: logger) }
                try await second.saveDraft(DraftRecord(roomID: "!a", body: "kept", updatedAt: 1))
            } catch {
                await heard.append("failed: \(error)")
                throw error
            }
        }()
        try await heard.wait(forCount: 1)
        #expect(await heard.values.first?.hasPrefix("Another writer holds the store's lock") == true)
        release.signal()
        try await held
        try await secondWrote
        #expect(try await store.drafts().map(\.body) == ["kept"])
    }

    /// A direct chat recorded on the server (an accepted invite, a new `/dm`) is direct here at
    /// once, whether the room is stored yet or not, and stays so when sync brings the join
    /// before it brings the new `m.direct`.
    @Test func aDirectChatRecordedHereIsDirectBeforeSyncBringsTheList() async throws {
        let store = try StoreWriter(url: url)
        var invite = RoomChange(roomID: "!accepted", membership: .invite)
        invite.isDirectInvite = true
        try await store.apply(SyncBatch(rooms: [invite], directRoomIDs: []), position: .nextBatch("s1"))

        try await store.addDirectRoom("!accepted")
        try await store.addDirectRoom("!created")
        #expect(try await store.recordJoin(of: "!accepted", alias: nil, name: nil)?.isDirect == true)
        #expect(try await store.recordJoin(of: "!created", alias: nil, name: nil)?.isDirect == true, "a room stored after it was recorded")
        #expect(try await store.recordJoin(of: "!group", alias: nil, name: nil)?.isDirect == false)

        let joined = try await store.apply(SyncBatch(rooms: [RoomChange(roomID: "!accepted", membership: .join),
                                                             RoomChange(roomID: "!created", membership: .join)]),
                                           position: .nextBatch("s2"))
        #expect(joined.rooms.map(\.isDirect) == [true, true], "the join came before the list")
    }
}

extension StoreWriterTests {
    @Test func theWALIsCopiedBackIntoTheDatabaseAfterAWriteHasAnswered() async throws {
        let store = try StoreWriter(url: url)
        let emptySize = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        let messages = (0..<2_000).map { message("$\($0)", in: "!big") }
        try await store.apply(SyncBatch(messages: messages), position: .nextBatch("s1"))
        // The commit went to the WAL; the checkpoint that follows on the writer copies it over.
        await store.waitForScheduledCheckpoint()
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        #expect(size >= emptySize + 100_000, "the database file holds the messages: \(emptySize) → \(size) bytes")
        #expect(try await store.messages(in: "!big", before: nil, limit: 5_000).count == 2_000)
    }
}
