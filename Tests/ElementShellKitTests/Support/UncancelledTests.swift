import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct UncancelledTests {
    /// The work runs on, uncancelled, after its caller was cancelled; the caller gets its result.
    @Test func workGoesOnToItsEndWhenItsCallerIsCancelled() async throws {
        let (started, startedGate) = AsyncStream.makeStream(of: Void.self)
        let (proceed, proceedGate) = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            try await uncancelled {
                startedGate.yield()
                for await _ in proceed { break }
                return Task.isCancelled
            }
        }
        for await _ in started { break }
        caller.cancel()
        proceedGate.yield()
        #expect(try await caller.value == false, "the work did not see the caller's cancellation")
    }
}
