import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Both methods of sync keep their position in the store with the data it describes, and a
/// timeline that says it skipped events but meets what is stored is no gap.
@Suite struct StoreSyncPositionTests {
    let directory = TemporaryDirectory()
    var url: URL { directory.url.appending(path: "store.sqlite") }

    static func message(_ body: String, at time: Int64) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: "$\(body)", sender: "@bob:hs", originServerTS: time,
                  content: .object(["msgtype": .string("m.text"), "body": .string(body)]))
    }

    static func room(_ events: [SyncEvent], limited: Bool, previousBatch: String) -> SyncResponse.Rooms {
        .init(joined: ["!a": SyncResponse.JoinedRoom(timeline: .init(events: events, limited: limited, previousBatch: previousBatch))])
    }

    @Test func eachMethodKeepsItsOwnPositionAcrossReopening() async throws {
        let store = try StoreWriter(url: url)
        #expect(try await store.syncPositions() == SyncPositions())
        #expect(!(try await store.syncPositions().hasSynced))
        let place = SlidingSyncPosition(pos: "5/s35", toDeviceSince: "8")
        try await store.apply(SyncResponse(position: .sliding(place), rooms: Self.room([Self.message("one", at: 1)], limited: true, previousBatch: "t1")),
                              userID: "@me:hs")
        #expect(try await store.syncPositions() == SyncPositions(nextBatch: nil, sliding: place))
        #expect(try await store.syncPositions().hasSynced)
        try await store.apply(SyncResponse(nextBatch: "s9"), userID: "@me:hs")
        let reopened = try StoreWriter(url: url)
        #expect(try await reopened.syncPositions() == SyncPositions(nextBatch: "s9", sliding: place), "switching back and forth loses neither")
        #expect(try await reopened.messages(in: "!a", before: nil, limit: 5).map(\.body) == ["one"])
    }

    @Test func aSkippingTimelineThatHoldsTheNewestEventSeenContinuesTheStoredOne() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncResponse(nextBatch: "s1", rooms: Self.room([Self.message("one", at: 1), Self.message("two", at: 2)],
                                                                            limited: true, previousBatch: "t0")), userID: "@me:hs")
        // A longer timeline (a room subscription's): older events, the newest one seen, then new ones.
        let result = try await store.apply(SyncResponse(nextBatch: "s2", rooms: Self.room(
            [Self.message("zero", at: 0), Self.message("one", at: 1), Self.message("two", at: 2), Self.message("three", at: 3)],
            limited: true, previousBatch: "t-1")), userID: "@me:hs")
        #expect(result.gaps.isEmpty)
        #expect(result.messages.map(\.body) == ["three"], "only what follows the newest event seen is new")
        #expect(try await store.messages(in: "!a", before: nil, limit: 10).map(\.body) == ["one", "two", "three"],
                "in order: an older event is not stored after newer ones")
        #expect(try await store.room("!a")?.previousBatch == "t0", "the way back still starts before the oldest stored")
        #expect(try await store.room("!a")?.lastEventID == "$three")
    }

    @Test func aSkippingTimelineThatMissesTheNewestEventSeenIsAGap() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncResponse(nextBatch: "s1", rooms: Self.room([Self.message("one", at: 1)], limited: false, previousBatch: "t0")),
                              userID: "@me:hs")
        let result = try await store.apply(SyncResponse(nextBatch: "s2", rooms: Self.room([Self.message("five", at: 5)], limited: true,
                                                                                        previousBatch: "t4")), userID: "@me:hs")
        #expect(result.gaps == ["!a"])
        #expect(try await store.messages(in: "!a", before: nil, limit: 10).map(\.body) == ["five"])
        #expect(try await store.room("!a")?.previousBatch == "t4")
    }

    @Test func theNewestEventSeenNeedNotBeAMessage() async throws {
        let store = try StoreWriter(url: url)
        let join = SyncEvent(type: "m.room.member", eventID: "$join", sender: "@bob:hs", stateKey: "@bob:hs", originServerTS: 2,
                             content: .object(["membership": .string("join")]))
        try await store.apply(SyncResponse(nextBatch: "s1", rooms: Self.room([Self.message("one", at: 1), join], limited: false, previousBatch: "t0")),
                              userID: "@me:hs")
        let result = try await store.apply(SyncResponse(nextBatch: "s2", rooms: Self.room([join, Self.message("two", at: 3)], limited: true,
                                                                                        previousBatch: "t1")), userID: "@me:hs")
        #expect(result.gaps.isEmpty && result.messages.map(\.body) == ["two"])
        #expect(try await store.messages(in: "!a", before: nil, limit: 10).map(\.body) == ["one", "two"])
    }
}
