import Testing
@testable import MatrixClient

/// Work split into ranges made at once: every item in exactly one range, the ranges in order.
@Suite struct SplitWorkTests {
    @Test(arguments: [0, 1, 7, 4_095, 4_096, 10_001, 100_000])
    func theRangesCoverEveryItemOnceInOrder(count: Int) {
        let ranges = SplitWork.map(of: count, minimumPerRange: 2_048) { $0 }
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "no gap, no overlap")
        #expect(ranges.count == SplitWork.rangeCount(for: count, minimumPerRange: 2_048))
        let made = SplitWork.map(of: count, minimumPerRange: 2_048) { range in range.map { $0 * 2 } }
        #expect(Array(made.joined()) == (0..<count).map { $0 * 2 }, "what each range made, in the items' order")
    }

    @Test func aRangePerCoreOnlyWhenEachHasEnough() {
        #expect(SplitWork.rangeCount(for: 4_095, minimumPerRange: 2_048, cores: 2) == 1, "too few for two: one, on the caller's thread")
        #expect(SplitWork.rangeCount(for: 4_096, minimumPerRange: 2_048, cores: 2) == 2)
        #expect(SplitWork.rangeCount(for: 1_000_000, minimumPerRange: 2_048, cores: 2) == 2, "no more ranges than cores")
        #expect(SplitWork.rangeCount(for: 1_000_000, minimumPerRange: 2_048, cores: 1) == 1)
        #expect(SplitWork.rangeCount(for: 0, minimumPerRange: 2_048, cores: 4) == 1, "nothing is one empty range")
    }
}
