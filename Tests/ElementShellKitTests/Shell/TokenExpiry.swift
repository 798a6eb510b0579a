import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

enum TokenExpiry {
    /// Returns once the server turns the stored session's access token down (`M_UNKNOWN_TOKEN`):
    /// what a shell sends from then on must be renewed first. The server has no word for it but
    /// its answers, so it is asked again every 100 ms (tokens in these tests live seconds), until
    /// `Waiting`'s deadline.
    static func untilTurnedDown(_ sessions: SessionStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let session = try #require(try await sessions.load(), sourceLocation: sourceLocation)
        let auth = MatrixAuthService(transport: CurlTransport(userAgent: "element-shell-tests"))
        let deadline = ContinuousClock.now + Waiting.deadline
        while ContinuousClock.now < deadline {
            do {
                _ = try await auth.whoami(session)
            } catch .unknownToken {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the server took the token for \(Waiting.deadline)", sourceLocation: sourceLocation)
        throw WaitFailure()
    }

    /// Kills a run (-9) while `proxy` holds its token renewal (requests to `renewalPath`), lets the
    /// server renew anyway, and expects the next run to resume: the session file still holds the
    /// pair before (nothing half-stored), which the server takes until the new pair is used, and
    /// that run renews it on the same device.
    static func expectAKillDuringARenewalToResume(_ shell: ShellProcess, base: [String], sessions: SessionStore, proxy: FaultProxy,
                                                   renewalPath: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = try #require(try await sessions.load(), sourceLocation: sourceLocation)
        try await proxy.add(.hold, path: renewalPath)
        try await untilTurnedDown(sessions, sourceLocation: sourceLocation)
        let killed = try await shell.run(base + ["-c", "/whoami"], killWhen: { try await proxy.held() })
        #expect(killed.wasKilled, sourceLocation: sourceLocation)
        try await proxy.release()
        try await proxy.settled()
        #expect(try await sessions.load()?.refreshToken == before.refreshToken, "nothing was stored of the renewal cut short",
                sourceLocation: sourceLocation)

        let resumed = try await shell.run(base + ["-c", "/whoami"])
        #expect(resumed.status == 0 && resumed.standardOutput.contains(before.deviceID), "\(resumed)",
                sourceLocation: sourceLocation)
        #expect(try await sessions.load()?.refreshToken != before.refreshToken, sourceLocation: sourceLocation)
    }
}
