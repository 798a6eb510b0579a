import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SyncConnectionTests {
    static let versionsURL = "https://hs.example/_matrix/client/versions"
    static let v3URL = "https://hs.example/_matrix/client/v3/sync"

    static func versions(sliding: Bool) -> Result<HTTPResponse, TransportError> {
        .json(200, #"{"versions": ["v1.11"], "unstable_features": {"org.matrix.simplified_msc3575": \#(sliding)}}"#)
    }

    static func connection(_ mode: SyncMode, _ transport: FakeTransport) -> SyncConnection {
        let session = SlidingSyncServiceTests.session
        return SyncConnection(mode: mode, userID: session.userID,
                              v3: SyncService(session: session, transport: transport, retryPolicy: .never),
                              sliding: SlidingSyncService(session: session, transport: transport, retryPolicy: .never))
    }

    func paths(_ transport: FakeTransport) -> [String] {
        transport.log.all.map { $0.url.path }
    }

    @Test func autoSlidesWhereTheServerOffersIt() async throws {
        let transport = FakeTransport.routes([
            Self.versionsURL: Self.versions(sliding: true),
            SlidingSyncServiceTests.endpoint: .json(200, #"{"pos": "p1"}"#),
        ])
        let connection = Self.connection(.auto, transport)
        #expect(await connection.method == nil)
        let response = try await connection.next(from: SyncPositions(nextBatch: "s9"), waitsForNews: false)
        #expect(response.position == .sliding(SlidingSyncPosition(pos: "p1", toDeviceSince: nil)))
        #expect(await connection.method == .sliding)
        _ = try await connection.next(from: SyncPositions(nextBatch: "s9"), waitsForNews: false)
        #expect(paths(transport) == ["/_matrix/client/versions", "/_matrix/client/unstable/org.matrix.simplified_msc3575/sync",
                                     "/_matrix/client/unstable/org.matrix.simplified_msc3575/sync"], "asked once, and no /v3/sync at all")
        #expect(await connection.follow(roomID: "!a"))
    }

    @Test func autoUsesV3WhereTheServerDoesNotOfferIt() async throws {
        let transport = FakeTransport.routes([Self.versionsURL: Self.versions(sliding: false), Self.v3URL: .json(200, #"{"next_batch": "s2"}"#)])
        let connection = Self.connection(.auto, transport)
        let response = try await connection.next(from: SyncPositions(nextBatch: "s1", sliding: SlidingSyncPosition(pos: "p", toDeviceSince: nil)),
                                                 waitsForNews: false)
        #expect(response.position == .nextBatch("s2"))
        #expect(await connection.method == .v3)
        #expect(!(await connection.follow(roomID: "!a")), "/v3 sends every room in full: nothing to follow")
        let since = URLComponents(url: try #require(transport.log.all.last?.url), resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "since" }?.value
        #expect(since == "s1", "each method goes on from its own position")
    }

    @Test func autoFallsBackToV3WhenTheEndpointDoesNotAnswer() async throws {
        // Listed, but behind a proxy that does not pass it on: the spec's answer to an unknown endpoint.
        let transport = FakeTransport.routes([Self.versionsURL: Self.versions(sliding: true), Self.v3URL: .json(200, #"{"next_batch": "s2"}"#)])
        let connection = Self.connection(.auto, transport)
        let response = try await connection.next(from: SyncPositions(), waitsForNews: true)
        #expect(response.position == .nextBatch("s2"), "in the same call: nothing for the user to retry")
        #expect(await connection.method == .v3)
        _ = try await connection.next(from: SyncPositions(nextBatch: "s2"), waitsForNews: false)
        #expect(paths(transport).filter { $0.contains("simplified") }.count == 1, "not asked again in this run")
    }

    @Test func aForcedMethodIsUsedWithoutAsking() async throws {
        let transport = FakeTransport.routes([Self.v3URL: .json(200, #"{"next_batch": "s2"}"#)])
        let v3 = Self.connection(.v3, transport)
        #expect(await v3.method == .v3)
        _ = try await v3.next(from: SyncPositions(), waitsForNews: false)
        #expect(paths(transport) == ["/_matrix/client/v3/sync"])

        let refusing = FakeTransport.routes([:])
        let sliding = Self.connection(.sliding, refusing)
        await #expect(throws: MatrixError.slidingSyncUnavailable, "forced, a server without it is an error the loop reports and retries") {
            try await sliding.next(from: SyncPositions(), waitsForNews: false)
        }
        #expect(paths(refusing) == ["/_matrix/client/unstable/org.matrix.simplified_msc3575/sync"])
    }
}
