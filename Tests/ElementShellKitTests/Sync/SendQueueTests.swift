import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SendQueueTests {
    func entry(_ body: String, in roomID: String = "!r") -> OutboxEntry {
        OutboxEntry(transactionID: "t-\(body)", roomID: roomID, msgtype: "m.text", body: body, createdAt: 0)
    }

    @Test func theOutboxIsSentInOrderAndEmptied() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        for body in ["one", "two", "three"] { try await store.enqueue(entry(body)) }
        let sent = Recorder<String>()
        let events = Recorder<ClientEvent>()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            await sent.append(entry.transactionID)
            return "$\(entry.body)"
        }) { await events.append($0) }
        let task = Task { await queue.run() }
        // Each is reported once it has left the outbox.
        try await events.wait(forCount: 3)
        task.cancel()
        #expect(await sent.values == ["t-one", "t-two", "t-three"])
        #expect(try await store.outbox().isEmpty)
    }

    @Test func aFailureIsRetriedWithTheSameTransactionIDAndNothingOvertakesIt() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("first"))
        try await store.enqueue(entry("second"))
        let attempts = Recorder<String>()
        let events = Recorder<ClientEvent>()
        let clock = TestClock()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            await attempts.append(entry.transactionID)
            if await attempts.values.count == 1 { throw .transport(.timedOut) }
            return "$\(entry.body)"
        }, clock: clock) { await events.append($0) }
        let task = Task { await queue.run() }
        // The failure is reported, then the queue waits out its delay on the clock, trying nothing.
        await clock.sleepers(atLeast: 1)
        #expect(await attempts.values == ["t-first"])
        guard case .sendFailed(_, _, _, let delay?)? = await events.values.first else { Issue.record("no retry delay"); return }
        clock.advance(by: delay)
        try await events.wait(forCount: 3)
        task.cancel()
        #expect(await attempts.values == ["t-first", "t-first", "t-second"])
        #expect(try await store.outbox().isEmpty)
    }

    @Test func aRefusedMessageIsSetAsideAndKept() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("refused", in: "!closed"))
        try await store.enqueue(entry("fine"))
        let events = Recorder<ClientEvent>()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            if entry.roomID == "!closed" { throw .forbidden(message: "not in room") }
            return "$ok"
        }) { await events.append($0) }
        let task = Task { await queue.run() }
        try await events.wait(forCount: 2)
        task.cancel()
        let seen = await events.values
        #expect(seen.first == .sendFailed(transactionID: "t-refused", roomID: "!closed", .forbidden(message: "not in room"), retryIn: nil))
        #expect(seen.last == .messageSent(entry("fine"), eventID: "$ok"))
        #expect(try await store.outbox().map(\.transactionID) == ["t-refused"], "kept for the user to resend or cancel")
        #expect(try await store.outbox().first?.failed == true, "and marked, so a restart does not retry it blindly")
    }

    /// A changed verified identity holds the room's messages (others go on) until the user settles
    /// it; released, each goes once, in order, with its own transaction ID.
    @Test func messagesHeldForAChangedIdentityGoOnceReleased() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("held", in: "!bob"))
        try await store.enqueue(entry("fine"))
        try await store.enqueue(entry("held too", in: "!bob"))
        let violation = Mutex(true)
        let sent = Recorder<String>()
        let events = Recorder<ClientEvent>()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            if entry.roomID == "!bob", violation.withLock({ $0 }) { throw .encryptionRefused(.verifiedIdentityChanged(["@bob:hs"])) }
            await sent.append(entry.transactionID)
            return "$\(entry.body)"
        }) { await events.append($0) }
        let task = Task { await queue.run() }
        try await events.wait(forCount: 3)
        #expect(await events.values.first == .sendFailed(transactionID: "t-held", roomID: "!bob",
                                                         .encryptionRefused(.verifiedIdentityChanged(["@bob:hs"])), retryIn: nil))
        #expect(try await store.outbox().map { [$0.transactionID, "\($0.failed)", "\($0.held)"] } == [["t-held", "true", "true"], ["t-held too", "true", "true"]])
        #expect(await sent.values == ["t-fine"])

        violation.withLock { $0 = false }
        #expect(try await store.releaseHeldMessages() == 2)
        await queue.wake()
        try await events.wait(forCount: 5)
        task.cancel()
        #expect(await sent.values == ["t-fine", "t-held", "t-held too"])
        #expect(try await store.outbox().isEmpty)
        #expect(try await store.releaseHeldMessages() == 0)
    }

    @Test func resendingAHeldMessageNoLongerCountsItHeld() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("held"))
        try await store.hold(transactionID: "t-held")
        try await store.setFailed(false, transactionIDs: ["t-held"])
        #expect(try await store.outbox().map(\.held) == [false])
        try await store.setFailed(true, transactionIDs: ["t-held"])
        #expect(try await store.outbox().map(\.held) == [false], "a refusal is not a hold")
    }

    @Test(arguments: [
        MatrixError.server(errcode: "M_TOO_LARGE", message: "event too large", status: 413),
        .server(errcode: "M_BAD_JSON", message: "bad", status: 400),
        .server(errcode: "HTTP_413", message: "", status: 413),
        .server(errcode: "M_UNRECOGNIZED", message: "", status: 405),
        .forbidden(message: "not in room"), .notFound,
    ])
    func refusalsOfTheRequestItselfArePermanent(_ error: MatrixError) {
        #expect(SendQueue.isPermanent(error))
    }

    @Test(arguments: [
        MatrixError.limitExceeded(retryAfterMilliseconds: 1000),
        .server(errcode: "M_UNKNOWN", message: "", status: 500),
        .server(errcode: "HTTP_502", message: "", status: 502),
        .server(errcode: "HTTP_408", message: "", status: 408),
        .transport(.timedOut), .decoding("half a body"),
    ])
    func rateLimitsServerFaultsAndTheNetworkAreTransient(_ error: MatrixError) {
        #expect(!SendQueue.isPermanent(error))
    }

    /// A message the server finds too large fails at once, without retry delay, and what was
    /// typed after it goes out as though it were not there.
    @Test func aTooLargeMessageFailsAtOnceAndTheNextOneGoes() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("huge"))
        try await store.enqueue(entry("short"))
        let attempts = Recorder<String>()
        let events = Recorder<ClientEvent>()
        let tooLarge = MatrixError.server(errcode: "M_TOO_LARGE", message: "event too large", status: 413)
        // A clock that never moves: any retry delay would hold the short message for ever.
        let clock = TestClock()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            await attempts.append(entry.transactionID)
            if entry.body == "huge" { throw tooLarge }
            return "$\(entry.body)"
        }, clock: clock) { await events.append($0) }
        let task = Task { await queue.run() }
        try await events.wait(forCount: 2)
        task.cancel()
        #expect(await events.values == [.sendFailed(transactionID: "t-huge", roomID: "!r", tooLarge, retryIn: nil),
                                        .messageSent(entry("short"), eventID: "$short")])
        #expect(await attempts.values == ["t-huge", "t-short"], "tried once")
        let kept = try await store.outbox()
        #expect(kept.map(\.transactionID) == ["t-huge"] && kept.first?.failed == true, "kept, marked failed, for /resend or /cancel")
    }

    /// A void token ends the session, not the message: the queue stops and the message waits,
    /// unmarked and with its transaction ID, for the queue of the next login.
    @Test func aSignedOutSessionLeavesItsMessagesWaiting() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("typed before"))
        let attempts = Recorder<String>()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            await attempts.append(entry.transactionID)
            throw .unknownToken(softLogout: true)
        }) { _ in }
        await queue.run()
        #expect(await attempts.values == ["t-typed before"], "one try, then the queue stops")
        let waiting = try await store.outbox()
        #expect(waiting.map(\.transactionID) == ["t-typed before"] && waiting.first?.failed == false)
    }

    @Test func theEchoOfASentMessageClearsItsOutboxEntryInTheSameTransaction() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("hello"))
        let echo = MessageRecord(eventID: "$e", roomID: "!r", sender: "@me:hs", msgtype: "m.text", body: "hello", originServerTS: 1, transactionID: "t-hello")
        let result = try await store.apply(SyncBatch(messages: [echo, echo]), position: .nextBatch("s1"))
        #expect(result.messages.map(\.eventID) == [echo.eventID], "a message the store has is not new twice")
        #expect(try await store.outbox().isEmpty)
        #expect(try await store.messages(in: "!r", before: nil, limit: 10).map(\.eventID) == [echo.eventID])
    }

    @Test func retryNowCutsARetryDelayShort() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        try await store.enqueue(entry("patient"))
        let attempts = Recorder<String>()
        let events = Recorder<ClientEvent>()
        // A clock that never moves: only retryNow() can end the wait.
        let clock = TestClock()
        let queue = SendQueue(store: store, send: { entry throws(MatrixError) in
            await attempts.append(entry.transactionID)
            // A minute to wait, as after a long outage.
            if await attempts.values.count == 1 { throw .limitExceeded(retryAfterMilliseconds: 60_000) }
            return "$\(entry.body)"
        }, clock: clock) { await events.append($0) }
        let task = Task { await queue.run() }
        await clock.sleepers(atLeast: 1)
        await queue.retryNow()
        try await events.wait(forCount: 2)
        task.cancel()
        #expect(await attempts.values == ["t-patient", "t-patient"])
        #expect(try await store.outbox().isEmpty)
    }
}
