import Foundation
import Testing
@testable import ElementShellKit

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
}
