import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SlidingSyncRoomListTests {
    /// The windows asked for, one request after another, for an account of `count` rooms.
    func windows(count: Int, requests: Int) -> [[[Int]]] {
        var list = SlidingSyncRoomList()
        var asked: [[[Int]]] = []
        for _ in 0..<requests {
            asked.append(list.ranges)
            list.take(count: count)
        }
        return asked
    }

    @Test func theFirstScreenComesFirstThenTheRestInGrowingSteps() {
        #expect(windows(count: 5_000, requests: 9) == [
            [[0, 19]], [[0, 99]], [[0, 499]], [[0, 1_499]], [[0, 2_499]], [[0, 3_499]], [[0, 4_499]], [[0, 4_999]],
            [[0, 5_099]],
        ], "no response adds more than a thousand rooms; once all are in, room to spare for new ones")
    }

    @Test func theListIsInOnceAWindowHeldEveryRoom() {
        var list = SlidingSyncRoomList()
        #expect(!list.isLoaded)
        list.take(count: 150)
        #expect(!list.isLoaded && list.ranges == [[0, 99]])
        list.take(count: 150)
        #expect(!list.isLoaded && list.ranges == [[0, 149]])
        list.take(count: 150)
        #expect(list.isLoaded && list.ranges == [[0, 249]])
        // Rooms joined since: still inside the window.
        list.take(count: 160)
        #expect(list.isLoaded && list.ranges == [[0, 259]])
        // More joined at once than the spare room holds: it grows again.
        list.take(count: 400)
        #expect(!list.isLoaded && list.ranges == [[0, 399]])
    }

    @Test func aSmallOrEmptyAccountIsInAtOnce() {
        var small = SlidingSyncRoomList()
        small.take(count: 3)
        #expect(small.isLoaded && small.ranges == [[0, 102]])
        var empty = SlidingSyncRoomList()
        empty.take(count: 0)
        #expect(empty.isLoaded)
    }

    @Test func aResponseWithoutTheListEndsTheLoading() {
        var list = SlidingSyncRoomList()
        list.take(count: nil)
        #expect(list.isLoaded && list.ranges == [[0, 19]], "nothing to grow towards: asking on would never end")
    }
}
