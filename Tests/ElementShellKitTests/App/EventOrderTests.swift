import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Events are applied in the order they were reported, however long each one's reads take: a
/// verification's end, whose reads were slow, was applied after the secrets it asked for and
/// left `/wait secrets` waiting for secrets that had come.
@MainActor
@Suite struct EventOrderTests {
    @Test func aLaterEventWaitsForAnEarlierOneStillReading() async throws {
        let order = EventOrder()
        let reading = Hold()
        await reading.arm()
        let applied = Recorder<String>()
        let first = Task { await order.run { await reading.pass(); await applied.append("verification done") } }
        try await reading.reached()
        let second = Task { await order.run { await applied.append("secrets arrived") } }
        for _ in 0..<100 { await Task.yield() }
        #expect(await applied.values.isEmpty, "the second waits for the first")
        await reading.release()
        await first.value
        await second.value
        #expect(await applied.values == ["verification done", "secrets arrived"])
    }

    @Test func aCancelledCallerStillHasItsEventApplied() async throws {
        let order = EventOrder()
        let applied = Recorder<String>()
        let caller = Task { await order.run { await applied.append("synced") } }
        caller.cancel()
        await caller.value
        #expect(await applied.values == ["synced"])
    }
}
