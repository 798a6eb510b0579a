import Foundation
import TestSupport
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Issue 6, crash safety: messages typed into batch mode while the shell is killed with SIGKILL at
/// random moments and started again reach the server exactly once and in order per room, and the
/// store stays sound, its drafts and sync token intact.
///
/// When a line counts as accepted: once its outbox row is committed. Batch mode runs one line at a
/// time, and a message line ends only after `StoreWriter.enqueue` has committed its row (with the
/// room's draft cleared in the same transaction), so the accepted lines are always a prefix of the
/// script. A line the shell had read from its standard input but not yet written is lost with the
/// process, as a line typed into a terminal would be: nobody was told it was taken, so the test
/// types it again. The outbox sends oldest first and keeps a row until the server has it, so the
/// newest accepted line is the outbox's newest, or with the outbox empty, the newest message on the
/// server; a line the shell reported queued must not be newer (else it was lost). The restarted
/// shell gets the lines after it.
///
/// Kills come 5 ms to 1 s after the input was written (later after runs that took no line):
/// during start-up (store opened, session resumed, first sync), while lines are written to the
/// outbox, while it is sent, and during `/wait sent`. `ELEMENT_SHELL_TEST_CRASH_MESSAGES` sets
/// how many messages (60 here; the full run is 300, see docs/development.md);
/// `ELEMENT_SHELL_TEST_CRASH_SEED` replays a failed run.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers and the nio venv"))
struct ShellCrashSafetyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let messageCount = environment["ELEMENT_SHELL_TEST_CRASH_MESSAGES"].flatMap { Int($0) } ?? 60
    static let keptDraft = "a draft every kill must leave as it is ✓ « ünïcödé »"
    static let clearedDraft = "a draft the room's first message takes with it"

    @Test func messagesSentThroughRandomKillsArriveOnceInOrderAndTheStoreSurvives() async throws {
        let seed = Self.environment["ELEMENT_SHELL_TEST_CRASH_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: .min ... .max)
        let replay = "(replay with ELEMENT_SHELL_TEST_CRASH_SEED=\(seed))"
        var generator = SeededGenerator(seed: seed)
        let started = ContinuousClock.now

        let server = try await PrivateHomeserver(users: ["alice", "bob"])
        let peer = NioPeer(homeserver: server.homeserver, user: "bob")
        let aliceID = "@alice:\(server.homeserver.serverName)"
        async let roomA = peer.createRoom(named: "Crash A", inviting: aliceID)
        async let roomB = peer.createRoom(named: "Crash B", inviting: aliceID)
        let roomIDs = try await [roomA, roomB]
        let shell = ShellProcess()
        defer { shell.remove() }
        let arguments = try shell.testerArguments(for: server.homeserver) + ["--output", "json"]

        // Room A's draft goes with A's first message; the room "Drafts" gets no messages, so its
        // draft must come through every kill as it was typed.
        let setup = try await shell.run(arguments, input: """
            /login test alice
            /join \(roomIDs[0])
            /draft \(Self.clearedDraft)
            /join \(roomIDs[1])
            /create Drafts
            /draft \(Self.keptDraft)
            /wait sync

            """, extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
        try #require(setup.status == 0, "\(setup)")
        let storeURL = try shell.testerStoreURL()
        let session = try #require(try await SessionStore(directory: shell.testerDataDirectory).load())
        let initial = try StoreAtRest(url: storeURL)
        let kept = try #require(initial.drafts.first { $0.body == Self.keptDraft })
        var tokens = SyncTokenHistory(first: try #require(initial.syncToken))

        let script = CrashScript(count: Self.messageCount, roomIDs: roomIDs, marker: String(seed, radix: 36), using: &generator)
        var accepted = 0
        var kills = 0
        var stalls = 0
        while accepted < script.messages.count {
            try #require(stalls < 20, "no progress in \(stalls) runs \(replay)")
            // On a loaded machine a start-up can outlast most delays: each run in a row that took
            // no new line waits a quarter of a second longer, so kills still land everywhere.
            let delay = Double.random(in: 0.005...1.0, using: &generator) + 0.25 * Double(stalls)
            let run = try await shell.run(arguments, input: script.input(from: accepted), killAfter: delay)
            if run.wasKilled { kills += 1 }
            let results = run.objects.filter { $0["type"] as? String == "result" }
            #expect(!results.contains { $0["ok"] as? Bool == false }, "a line failed: \(run.standardOutput) \(replay)")

            let store = try StoreAtRest(url: storeURL)
            #expect(store.integrity == ["ok"], "after a kill at \(delay) s \(replay)")
            #expect(store.outbox.allSatisfy { !$0.failed }, "\(replay)")
            let tokenHeld = tokens.take(store.syncToken)
            #expect(tokenHeld, "the sync token was lost or went back \(replay)")
            #expect(store.drafts.contains(kept), "the draft of a room without messages \(replay)")

            // A message the shell reported queued was accepted, as was every one accepted before.
            let queued = results.filter { $0["command"] as? String == "message" }.compactMap { ($0["body"] as? String).flatMap(script.index(of:)) }
            let known = max(accepted, (queued.max() ?? -1) + 1)
            let found = try await Self.acceptedCount(of: script, in: store, session: session, roomIDs: roomIDs)
            #expect(found >= known, "message \(known), accepted, is neither in the outbox nor on the server \(replay)")
            stalls = max(known, found) > accepted ? 0 : stalls + 1
            accepted = max(known, found)
            let roomAHasMessages = script.messages[..<accepted].contains { $0.roomID == roomIDs[0] }
            #expect(store.drafts.contains { $0.body == Self.clearedDraft } == !roomAHasMessages,
                    "room A's draft goes in the transaction of its first message, and only then \(replay)")
        }

        let last = try await shell.run(arguments, input: "/wait sent --timeout 120\n/wait sync\n")
        #expect(last.status == 0, "\(last.standardOutput)\(last.standardError) \(replay)")
        let store = try StoreAtRest(url: storeURL)
        #expect(store.integrity == ["ok"], "\(replay)")
        #expect(store.outbox.isEmpty, "\(replay)")
        #expect(store.drafts == [kept], "the kept draft, as typed; room A's went with its first message \(replay)")
        let tokenHeld = tokens.take(store.syncToken)
        #expect(tokenHeld && store.syncToken != initial.syncToken, "a newer sync token than at the start \(replay)")

        for roomID in roomIDs {
            let received = try await peer.messages(in: roomID).filter { $0.sender == aliceID }.map(\.body)
            let expected = script.bodies(in: roomID)
            let isExact = received == expected
            #expect(isExact, "each message once, in order; duplicated: \(received.duplicates), missing: \(Set(expected).subtracting(received).sorted()) \(replay)")
        }
        print("Crash safety: \(script.messages.count) messages, \(kills) kills, \(started.duration(to: .now)), \(replay)")
    }

    /// How many of the script's messages the store and the server say were accepted (a prefix, as
    /// lines run one at a time): up to the outbox's newest, or with the outbox empty, since the
    /// outbox keeps a message until the server has it, up to the newest on the server.
    private static func acceptedCount(of script: CrashScript, in store: StoreAtRest, session: Session, roomIDs: [String]) async throws -> Int {
        var newest = store.outbox.compactMap { script.index(of: $0.body) }.max() ?? -1
        if store.outbox.isEmpty {
            for roomID in roomIDs {
                let body = try await NewestOwnMessage.body(in: roomID, session: session)
                newest = max(newest, body.flatMap(script.index(of:)) ?? -1)
            }
        }
        return newest + 1
    }
}

private extension Array where Element == String {
    var duplicates: [String] {
        Dictionary(grouping: self) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
    }
}
