import Foundation
import Testing

/// Every request of a run goes through the one HTTP client per CA file that `HTTPClients` keeps,
/// built into the session's services once: a handler that made a transport of its own would open
/// connections of its own again. This reads the sources, so a new one cannot slip in.
@Suite struct HTTPClientSourceTests {
    @Test func onlyHTTPClientsMakesATransport() throws {
        let made = try TLSVerificationSourceTests.lines(matching: Regex(#"CurlTransport\("#))
        #expect(made == ["ElementShellKit/Matrix/HTTP/HTTPClients.swift: let client = CurlTransport(caFile: caFile, userAgent: userAgent, clock: clock)"])
    }

    @Test func onlyTheLiveWiringBuildsServices() throws {
        let built = try TLSVerificationSourceTests.lines(
            matching: Regex(#"(MatrixRoomService|MatrixMediaService|MatrixKeysService|MatrixAuthService|SyncService|SlidingSyncService|MessageSender)\("#))
        #expect(built.allSatisfy { $0.hasPrefix("ElementShellKit/App/SessionServices+Live.swift:") || $0.hasPrefix("ElementShellKit/App/AppEnvironment+Live.swift:") },
                "\(built)")
    }
}
