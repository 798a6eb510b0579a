import Foundation
import Testing
@testable import ElementShellKit

/// `/wait` ends when what it waits for happens, whichever way it comes.
@MainActor
@Suite struct AppStateWaitTests {
    typealias Messaging = AppStateMessagingTests

    /// The server kept the message but its answer never comes: the message's echo in the next
    /// sync is what takes it out of the outbox, and the wait must see that (it once waited only
    /// for the queue's reports, and timed out under load when an answer was lost).
    @Test(.timeLimit(.minutes(1))) func anEchoThatEmptiesTheOutboxEndsTheWaitForIt() async throws {
        let clock = TestClock()
        let sent = Recorder<String>()
        let lobby = Messaging.lobby
        let app = AppHarness(sync: Messaging.scriptedSync([
            { .success(lobby) },
            {
                // Once /wait sent waits: its timeout is asleep on the clock (which never moves).
                try? await sent.wait(forCount: 1)
                await clock.sleepers(atLeast: 1)
                let transactionID = await sent.values[0]
                var room = SyncResponse.JoinedRoom()
                room.timeline = .init(events: [Messaging.event("kept", from: "@alice:example", at: 3_000, transactionID: transactionID)])
                return .success(SyncResponse(nextBatch: "s2", rooms: .init(joined: ["!lobby:hs": room])))
            },
        ]), send: { entry throws(MatrixError) in
            await sent.append(entry.transactionID)
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        await app.state.run(line: "kept")
        #expect(await app.state.run(line: "/wait sent --timeout 5"))
    }
}
