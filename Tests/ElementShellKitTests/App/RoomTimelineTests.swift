import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct RoomTimelineTests {
    func messages(_ range: ClosedRange<Int64>) -> [MessageRecord] {
        range.map { seq in
            var message = MessageRecord(eventID: "$\(seq)", roomID: "!r", sender: "@a:hs", msgtype: "m.text", body: "m\(seq)", originServerTS: seq)
            message.seq = seq
            return message
        }
    }

    @Test func keepsTheNewestUpToItsCapacity() {
        var timeline = RoomTimeline(capacity: 5)
        timeline.fill(withStored: messages(1...3))
        timeline.append(messages(4...7))
        #expect(timeline.messages.compactMap(\.seq) == [3, 4, 5, 6, 7])
        timeline.resize(to: 2)
        #expect(timeline.messages.compactMap(\.seq) == [6, 7])
    }

    @Test func storedMessagesGoBeforeThoseThatArrivedDuringTheRead() {
        var timeline = RoomTimeline(capacity: 10)
        // 4 and 5 arrived while the store was read; the read saw 4 already.
        timeline.append(messages(4...5))
        timeline.fill(withStored: messages(1...4))
        #expect(timeline.messages.compactMap(\.seq) == [1, 2, 3, 4, 5])
    }

    @Test func messagesTheReadFoundAreNotAddedAgainWhenTheirSyncIsApplied() {
        var timeline = RoomTimeline(capacity: 10)
        // 4 and 5 were stored before the read, their sync applied after it.
        timeline.fill(withStored: messages(1...5))
        timeline.append(messages(4...6))
        #expect(timeline.messages.compactMap(\.seq) == [1, 2, 3, 4, 5, 6])
    }

    @Test func pagesAreAnsweredOnlyWhenMemoryHoldsAllOfThem() {
        var timeline = RoomTimeline(capacity: 10)
        timeline.fill(withStored: messages(11...20))
        #expect(timeline.page(before: nil, limit: 3)?.compactMap(\.seq) == [18, 19, 20])
        #expect(timeline.page(before: 15, limit: 4)?.compactMap(\.seq) == [11, 12, 13, 14])
        #expect(timeline.page(before: 15, limit: 5) == nil, "older than 11 is only in the store")
        #expect(timeline.page(before: 99, limit: 2)?.compactMap(\.seq) == [19, 20])
    }

    @Test func aGapEmptiesItAndLaterMessagesStartAgain() {
        var timeline = RoomTimeline(capacity: 10)
        timeline.fill(withStored: messages(1...4))
        timeline.startOver()
        timeline.append(messages(9...9))
        #expect(timeline.messages.compactMap(\.seq) == [9])
        #expect(timeline.page(before: nil, limit: 2) == nil)
    }
}
