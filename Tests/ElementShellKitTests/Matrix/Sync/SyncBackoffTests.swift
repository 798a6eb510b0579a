import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SyncBackoffTests {
    @Test func doublesFromOneSecondUpToTheCapWhenTheJitterIsAtItsTop() {
        var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 1 }
        let delays = (0..<10).map { _ in backoff.nextDelay() }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60].map { Duration.seconds($0) })
    }

    @Test func fullJitterScalesTheCeiling() {
        var half = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 0.5 }
        #expect((0..<4).map { _ in half.nextDelay() } == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4)])
        var none = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 0 }
        #expect(none.nextDelay() == .zero)
    }

    @Test func staysWithinZeroAndTheCeilingWithRealRandomness() {
        var backoff = SyncBackoff()
        for attempt in 0..<200 {
            let ceiling = Duration.seconds(min(60, 1 << min(attempt, 10)))
            let delay = backoff.nextDelay()
            #expect(delay >= .zero && delay <= ceiling)
        }
    }

    @Test func neverOverflowsAfterManyFailures() {
        var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 1 }
        for _ in 0..<1_000 { _ = backoff.nextDelay() }
        #expect(backoff.nextDelay() == .seconds(60))
    }

    @Test func clampsAMisbehavingRandomSource() {
        var high = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 7 }
        var low = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { -1 }
        #expect(high.nextDelay() == .seconds(1) && low.nextDelay() == .zero)
    }

    @Test func resetStartsOverFromTheBase() {
        var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 1 }
        for _ in 0..<5 { _ = backoff.nextDelay() }
        backoff.reset()
        #expect(backoff.nextDelay() == .seconds(1))
    }

    @Test func stopsWhenRetryingCannotHelp() {
        var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 1 }
        #expect(backoff.delay(after: .unknownToken(softLogout: false)) == nil)
        #expect(backoff.delay(after: .unknownToken(softLogout: true)) == nil)
        #expect(backoff.delay(after: .userDeactivated) == nil)
        #expect(backoff.delay(after: .transport(.cancelled)) == nil)
        #expect(backoff.delay(after: .invalidHomeserver("x")) == nil)
        #expect(backoff.nextDelay() == .seconds(1), "stopping counts no failure")
    }

    @Test func retriesTransientFailuresWithGrowingDelays() {
        var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 1 }
        #expect(backoff.delay(after: .transport(.timedOut)) == .seconds(1))
        #expect(backoff.delay(after: .transport(.cannotConnect("hs"))) == .seconds(2))
        #expect(backoff.delay(after: .server(errcode: "HTTP_502", message: "", status: 502)) == .seconds(4))
        #expect(backoff.delay(after: .decoding("SyncResponse: bad")) == .seconds(8))
        #expect(backoff.delay(after: .limitExceeded(retryAfterMilliseconds: nil)) == .seconds(16))
    }

    @Test func rateLimitingWaitsAtLeastWhatTheServerAsks() {
        var backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60)) { 1 }
        #expect(backoff.delay(after: .limitExceeded(retryAfterMilliseconds: 5_000)) == .seconds(5))
        #expect(backoff.delay(after: .limitExceeded(retryAfterMilliseconds: 100)) == .seconds(2))
    }
}
