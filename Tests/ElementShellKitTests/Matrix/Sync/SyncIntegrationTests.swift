import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/sync` against the real Synapse the test scripts start.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "set ELEMENT_SHELL_TEST_HOMESERVER to run"))
struct SyncIntegrationTests {
    private let homeserver = TestHomeserver.current!
    private let transport = CurlTransport(userAgent: "element-shell-tests")
    private var auth: MatrixAuthService { MatrixAuthService(transport: transport) }

    private func login() async throws -> Session {
        try await auth.login(homeserverURL: URL(homeserverBaseURL: homeserver.url.absoluteString)!, user: homeserver.user(3),
                             password: homeserver.password, deviceDisplayName: "element-shell sync test")
    }

    @Test func initialSyncShowsANewRoomAndAnIncrementalOneWaitsNoLongerThanAsked() async throws {
        let session = try await login()
        let name = "Sync test \(UUID().uuidString.prefix(8))"
        let room = try await CreatedRoom.create(named: name, session: session, transport: transport)

        let recorder = RecordingTransport(transport)
        let sync = SyncService(session: session, transport: recorder, longPollTimeout: .seconds(1))
        let initial = try await sync.next(since: nil)
        let joined = try #require(initial.rooms.joined[room.roomID])
        // A new room's few events all fit the timeline, so its state arrives there, not in `state`.
        let events = joined.state + joined.timeline.events
        #expect(events.last { $0.type == "m.room.name" && $0.stateKey == "" }?.content["name"]?.string == name)
        #expect(events.last { $0.type == "m.room.member" && $0.stateKey == session.userID }?.content["membership"]?.string == "join")
        #expect(joined.timeline.events.allSatisfy { $0.eventID != nil && $0.originServerTS != nil })
        let token = try #require(initial.nextBatch)
        #expect(!token.isEmpty)

        // The server is asked to hold the request a second at most, and answers with nothing new
        // (what the answer took on a busy machine is not the client's to promise).
        let incremental = try await sync.next(since: token)
        let asked = try #require(await recorder.requests.last?.url)
        let query = URLComponents(url: asked, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.first { $0.name == "timeout" }?.value == "1000", "\(asked)")
        #expect(query.first { $0.name == "since" }?.value == token)
        #expect(incremental.rooms.joined[room.roomID]?.timeline.events.isEmpty ?? true, "nothing happened since")
        try await auth.logout(session)
    }

    @Test func cancellingTheCallerAbortsTheLongPoll() async throws {
        let session = try await login()
        let sync = SyncService(session: session, transport: transport, longPollTimeout: .seconds(300))
        let token = try #require(try await sync.next(since: nil).nextBatch)
        let task = Task { try await sync.next(since: token) }
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(throws: MatrixError.transport(.cancelled)) { try result.get() }
        // Not at the end of the 300 s long poll; CurlTransportTests cancels one mid-transfer.
        #expect(ContinuousClock.now - started < .seconds(60))
        try await auth.logout(session)
    }

    @Test func loggedOutSessionEndsTheSync() async throws {
        let session = try await login()
        try await auth.logout(session)
        await #expect(throws: MatrixError.unknownToken(softLogout: false)) {
            try await SyncService(session: session, transport: transport).next(since: nil)
        }
    }
}

/// Passes requests on and keeps each one, to check what was asked of the server.
private actor RecordingTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private(set) var requests: [HTTPRequest] = []

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        requests.append(request)
        return try await inner.send(request)
    }
}
