import Foundation
import Testing

/// Every request of a run goes through the one HTTP client per CA file that `HTTPClients` keeps,
/// built into the session's services once: a service that made a transport of its own would open
/// connections of its own again. The shell cannot make one (`CurlTransport` is internal to the
/// client library, as are the services' initializers: it has only `SessionServices.live`); inside
/// the library, this reads the sources, so a new one cannot slip in.
@Suite struct HTTPClientSourceTests {
    @Test func onlyHTTPClientsMakesATransport() throws {
        let made = try TLSVerificationSourceTests.lines(matching: Regex(#"CurlTransport\("#))
        #expect(made == ["MatrixClient/Matrix/HTTP/HTTPClients.swift: let client = CurlTransport(caFile: caFile, userAgent: userAgent, clock: clock)"])
    }
}
