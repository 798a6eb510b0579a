import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SyncServiceTests {
    private let session = Session(userID: "@carol:hs.example", deviceID: "DEV", accessToken: "syt_secret",
                                  homeserverURL: URL(string: "https://hs.example/base")!)

    private func service(_ transport: FakeTransport, timelineLimit: Int = 20, longPoll: Duration = .seconds(30),
                         requestTimeout: TimeInterval = 30) -> SyncService {
        SyncService(session: session, transport: transport, retryPolicy: .never, requestTimeout: requestTimeout,
                    timelineLimit: timelineLimit, longPollTimeout: longPoll)
    }

    private func query(of request: HTTPRequest) throws -> [String: String] {
        let items = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    @Test func filterLazyLoadsMembersAndLimitsTheTimeline() throws {
        #expect(SyncFilter(timelineLimit: 20).json
            == #"{"room":{"state":{"lazy_load_members":true},"timeline":{"lazy_load_members":true,"limit":20}}}"#)
        #expect(SyncFilter(timelineLimit: 5).json.contains(#""limit":5"#))
    }

    @Test func initialSyncRequest() async throws {
        let transport = FakeTransport { _ in .json(200, #"{"next_batch":"s1"}"#) }
        let response = try await service(transport, timelineLimit: 7).next(since: nil)
        #expect(response == SyncResponse(nextBatch: "s1"))

        let request = try #require(transport.log.all.first)
        #expect(request.method == .get && request.body == nil)
        #expect(request.url.path == "/base/_matrix/client/v3/sync")
        #expect(request.headers["Authorization"] == "Bearer syt_secret")
        let query = try query(of: request)
        #expect(Set(query.keys) == ["filter", "set_presence", "timeout"], "no since on an initial sync")
        #expect(query["set_presence"] == "offline")
        #expect(query["timeout"] == "30000")
        #expect(request.timeout == 30 + 600, "the server may take minutes to assemble a first sync")
        let filter = try #require(try JSONSerialization.jsonObject(with: Data(query["filter"]!.utf8)) as? [String: Any])
        let room = try #require(filter["room"] as? [String: [String: Any]])
        #expect(room["timeline"]?["limit"] as? Int == 7)
        #expect(room["timeline"]?["lazy_load_members"] as? Bool == true)
        #expect(room["state"]?["lazy_load_members"] as? Bool == true)
    }

    @Test func incrementalSyncCarriesSinceAndOutlastsTheLongPoll() async throws {
        let transport = FakeTransport { _ in .json(200, #"{"next_batch":"s2"}"#) }
        _ = try await service(transport, longPoll: .milliseconds(2_500), requestTimeout: 10).next(since: "s72594_4483_1934")
        let request = try #require(transport.log.all.first)
        let query = try query(of: request)
        #expect(query["since"] == "s72594_4483_1934")
        #expect(query["timeout"] == "2500")
        #expect(request.timeout == 12.5, "the long poll plus the request timeout")
        #expect(request.maximumResponseBytes == 256 << 20)
    }

    @Test func endedSessionIsUnknownToken() async {
        let transport = FakeTransport { _ in
            .json(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"Invalid access token passed.","soft_logout":false}"#)
        }
        await #expect(throws: MatrixError.unknownToken(softLogout: false)) { try await service(transport).next(since: "s1") }
    }

    @Test func transportFailuresAndBadBodiesAreReported() async {
        let timedOut = FakeTransport { _ throws(TransportError) in throw .timedOut }
        await #expect(throws: MatrixError.transport(.timedOut)) { try await service(timedOut).next(since: "s1") }

        let garbled = FakeTransport { _ in .json(200, #"{"rooms":{}}"#) }
        let error = await #expect(throws: MatrixError.self) { try await service(garbled).next(since: "s1") }
        guard case .decoding(let detail) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("next_batch"))
    }
}
