import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Messages too large for the homeserver, across runs of the binary in batch mode: alice in the
/// shell, bob on matrix-nio reading what arrives, on a Synapse of the test's own.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Scripts/test for private servers and the nio venv"))
struct ShellSendQueueIntegrationTests {
    /// A 70 KB paste is refused before it is queued and kept as the draft. One that reaches the
    /// server all the same (queued before the shell checked sizes) is refused there with 413
    /// `M_TOO_LARGE`: it fails at once with the server's reason, stays in `/queue` as failed, and
    /// the short message typed after it is delivered.
    @Test func aMessageTooLargeFailsAtOnceAndTheNextOneIsDelivered() async throws {
        let server = try await PrivateHomeserver(users: ["alice", "bob"])
        let peer = NioPeer(homeserver: server.homeserver, user: "bob")
        let roomID = try await peer.createRoom(named: "Paste", inviting: "@alice:\(server.homeserver.serverName)")
        let shell = ShellProcess()
        defer { shell.remove() }
        let arguments = try shell.testerArguments(for: server.homeserver) + ["--output", "json"]
        let login = try await shell.run(arguments + ["-c", "/login test alice", "-c", "/join \(roomID)", "-c", "/wait sync"],
                                        extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
        try #require(login.status == 0, "\(login.standardOutput)\(login.standardError)")

        let pasted = String(repeating: "seventy kilobytes of pasted text ", count: 2_125)
        let refused = try await shell.run(arguments + ["-c", "/open Paste", "-c", pasted])
        #expect(refused.status == 1)
        let error = refused.objects.last?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "message_too_large", "\(refused.standardOutput.prefix(2_000))")
        #expect((error?["message"] as? String)?.contains("/upload") == true)
        let kept = try StoreAtRest(url: shell.testerStoreURL())
        #expect(kept.outbox.isEmpty && kept.drafts.map(\.body) == [pasted], "kept as the draft, not queued")

        // Written where the shell would have put it, had it not checked.
        let store = try StoreWriter(url: shell.testerStoreURL())
        try await store.enqueue(OutboxEntry(transactionID: "too-large", roomID: roomID, msgtype: "m.text", body: pasted, createdAt: 0),
                                clearingDraft: false)
        let run = try await shell.run(arguments + ["-c", "/open Paste", "-c", "short after", "-c", "/wait sent --timeout 60", "-c", "/queue"])
        #expect(run.status == 0, "\(run.standardOutput.prefix(2_000))")
        let failure = try #require(run.objects.first { $0["type"] as? String == "send_failed" }, "\(run.standardOutput.prefix(2_000))")
        #expect(failure["transaction_id"] as? String == "too-large")
        #expect((failure["error"] as? [String: Any])?["code"] as? String == "M_TOO_LARGE")
        #expect(failure["retry_in"] is NSNull, "not tried again")
        let queue = try #require(run.objects.last?["queue"] as? [[String: Any]])
        #expect(queue.count == 1 && queue.first?["failed"] as? Bool == true && queue.first?["attempts"] as? Int == 1)
        #expect(try await peer.receives("short after", in: roomID))
    }
}
