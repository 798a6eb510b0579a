import Synchronization
import Testing
@testable import MatrixClient

/// Push-rule results made on another core ahead of the writer, read in order.
@Suite struct JudgingAheadTests {
    static func judgement(_ index: Int) -> PushActions? {
        index % 5 == 0 ? nil : PushActions(notify: index % 3 == 0, highlight: index % 7 == 0)
    }

    @Test(arguments: [1, JudgingAhead.chunkSize, JudgingAhead.chunkSize + 1, 20_000])
    func everyMessageGetsItsOwnJudgement(count: Int) {
        let ahead = JudgingAhead(count: count) { Self.judgement($0) }
        #expect((0..<count).map { ahead.actions(at: $0) } == (0..<count).map(Self.judgement))
        #expect(ahead.actions(at: count) == nil, "none past the batch's messages")
    }

    @Test func messagesSkippedLeaveTheOthersRight() {
        // Messages the store had already are not stored again, nor their judgements read.
        let count = 20_000
        let ahead = JudgingAhead(count: count) { Self.judgement($0) }
        let read = stride(from: 0, to: count, by: 1_777).map { ($0, ahead.actions(at: $0)) }
        #expect(read.allSatisfy { index, actions in actions == Self.judgement(index) })
    }

    @Test func eachMessageIsJudgedOnce() {
        let count = 50_000
        let calls = Calls()
        let ahead = JudgingAhead(count: count) { index in
            calls.count.add(1, ordering: .relaxed)
            return Self.judgement(index)
        }
        for index in 0..<count { _ = ahead.actions(at: index) }
        #expect(calls.count.load(ordering: .relaxed) == count, "the writer and the other core never both judge a chunk")
    }
}

private final class Calls: Sendable {
    let count = Atomic<Int>(0)
}
