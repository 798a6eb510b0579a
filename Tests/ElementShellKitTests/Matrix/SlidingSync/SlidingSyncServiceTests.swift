import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SlidingSyncServiceTests {
    static let session = Session(userID: "@alice:hs", deviceID: "DEV", accessToken: "syt_secret",
                                 homeserverURL: URL(string: "https://hs.example")!)
    static let endpoint = "https://hs.example/_matrix/client/unstable/org.matrix.simplified_msc3575/sync"

    static func service(_ transport: FakeTransport) -> SlidingSyncService {
        SlidingSyncService(session: session, transport: transport, retryPolicy: .never, openRoomTimelineLimit: 20)
    }

    /// A server with `count` rooms in its list that answers each request with the next `pos`.
    static func server(count: Int) -> FakeTransport {
        let served = CallCounter()
        return FakeTransport { _ in
            let number = served.next()
            return .json(200, #"{"pos": "p\#(number + 1)", "lists": {"all_rooms": {"count": \#(count)}}}"#)
        }
    }

    static func body(of request: HTTPRequest) throws -> [String: Any] {
        let data = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The ranges of the room list the first request asked for.
    static func listRanges(of transport: FakeTransport) throws -> [[Int]]? {
        let request = try #require(transport.log.all.first)
        return ((try body(of: request)["lists"] as? [String: Any])?["all_rooms"] as? [String: Any])?["ranges"] as? [[Int]]
    }

    static func query(of request: HTTPRequest) -> [String: String] {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    @Test func theFirstRequestAsksForTheFirstScreenAndTheEncryptionAtOnce() async throws {
        let transport = Self.server(count: 3)
        let response = try await Self.service(transport).next(from: nil, userID: "@alice:hs", waitsForNews: true)
        #expect(!response.hasMore, "three rooms fit the first screen")
        let request = try #require(transport.log.all.first)
        #expect(request.method == .post && request.url.absoluteString.hasPrefix(Self.endpoint))
        #expect(request.headers["Authorization"] == "Bearer syt_secret")
        #expect(Self.query(of: request) == ["timeout": "0"], "no position yet: nothing to wait for")
        let body = try Self.body(of: request)
        #expect(body["conn_id"] as? String == "element-shell")
        let lists = try #require(body["lists"] as? [String: [String: Any]])
        let list = try #require(lists["all_rooms"])
        #expect(list["ranges"] as? [[Int]] == [[0, 19]])
        #expect(list["timeline_limit"] as? Int == 1)
        let recent = try #require(lists["recent"], "the most recently active rooms come with their last few events")
        #expect(recent["ranges"] as? [[Int]] == [[0, 19]] && recent["timeline_limit"] as? Int == 10)
        // Synapse 1.163 gives every room the timeline of the list it meets first: the whole list's
        // 1 event must come before the recent list's 10, in every request.
        let text = String(decoding: try #require(request.body), as: UTF8.self)
        let whole = try #require(text.range(of: #""all_rooms""#)), first20 = try #require(text.range(of: #""recent""#))
        #expect(whole.lowerBound < first20.lowerBound, "\(text)")
        let state = try #require(list["required_state"] as? [[String]])
        #expect(state.contains(["m.room.member", "$ME"]) && state.contains(["m.room.member", "$LAZY"]))
        #expect(state.contains(["m.room.encryption", ""]) && state.contains(["m.space.child", "*"]))
        #expect((body["room_subscriptions"] as? [String: Any])?.isEmpty == true)
        let extensions = try #require(body["extensions"] as? [String: [String: Any]])
        #expect(Set(extensions.keys) == ["to_device", "e2ee", "account_data", "receipts", "typing"])
        #expect(extensions.values.allSatisfy { $0["enabled"] as? Bool == true })
        #expect(extensions["to_device"]?["since"] == nil)
    }

    @Test func aLargeListLoadsAtOnceThenLongPolls() async throws {
        let transport = Self.server(count: 250)
        let service = Self.service(transport)
        var place: SlidingSyncPosition?
        var more: [Bool] = []
        for _ in 0..<4 {
            let response = try await service.next(from: place, userID: "@alice:hs", waitsForNews: true)
            guard case .sliding(let next) = response.position else { Issue.record("not a sliding position"); return }
            place = next
            more.append(response.hasMore)
        }
        #expect(more == [true, true, false, false])
        let asked = try transport.log.all.map { request in
            let list = try #require((Self.body(of: request)["lists"] as? [String: Any])?["all_rooms"] as? [String: Any])
            return "\(Self.query(of: request)["pos"] ?? "-") \(Self.query(of: request)["timeout"] ?? "") \(list["ranges"] as? [[Int]] ?? [])"
        }
        #expect(asked == ["- 0 [[0, 19]]", "p1 0 [[0, 99]]", "p2 0 [[0, 249]]", "p3 30000 [[0, 349]]"])
    }

    @Test func aLaterRunAsksForTheWholeListAtOnceFromItsPosition() async throws {
        let transport = Self.server(count: 250)
        let response = try await Self.service(transport).next(from: SlidingSyncPosition(pos: "p0", toDeviceSince: nil, roomCount: 240),
                                                              userID: "@alice:hs", waitsForNews: false)
        #expect(!response.hasMore)
        #expect(try Self.listRanges(of: transport) == [[0, 339]], "every room the connection sent, and room to spare")

        // Without a position to go on from, the count says nothing: the list grows from the first screen.
        let fresh = Self.server(count: 250)
        _ = try await Self.service(fresh).next(from: SlidingSyncPosition(pos: nil, toDeviceSince: nil, roomCount: 240), userID: "@alice:hs",
                                               waitsForNews: false)
        #expect(try Self.listRanges(of: fresh) == [[0, 19]])
    }

    @Test func theOpenRoomIsFollowedWithItsFullTimeline() async throws {
        let transport = Self.server(count: 1)
        let service = Self.service(transport)
        #expect(await service.subscribe(to: "!lobby:hs"))
        #expect(!(await service.subscribe(to: "!lobby:hs")), "nothing changed: a long-poll under way may go on")
        _ = try await service.next(from: SlidingSyncPosition(pos: "p0", toDeviceSince: "4"), userID: "@alice:hs", waitsForNews: false)
        let body = try Self.body(of: try #require(transport.log.all.last))
        let subscription = try #require((body["room_subscriptions"] as? [String: [String: Any]])?["!lobby:hs"])
        #expect(subscription["timeline_limit"] as? Int == 20)
        #expect((subscription["required_state"] as? [[String]])?.contains(["m.room.member", "$LAZY"]) == true)
        #expect((body["extensions"] as? [String: [String: Any]])?["to_device"]?["since"] as? String == "4")
        #expect(await service.subscribe(to: nil))
    }

    @Test func anExpiredPositionStartsANewConnectionKeepingTheToDevicePosition() async throws {
        let served = CallCounter()
        let transport = FakeTransport { _ in
            served.next() == 0
                ? .json(400, #"{"errcode": "M_UNKNOWN_POS", "error": "Unknown position"}"#)
                : .json(200, #"{"pos": "fresh", "lists": {"all_rooms": {"count": 2}}, "extensions": {"to_device": {"events": []}}}"#)
        }
        let response = try await Self.service(transport).next(from: SlidingSyncPosition(pos: "stale", toDeviceSince: "12"),
                                                               userID: "@alice:hs", waitsForNews: true)
        #expect(response.position == .sliding(SlidingSyncPosition(pos: "fresh", toDeviceSince: "12", roomCount: 2)))
        let requests = transport.log.all
        #expect(requests.map { Self.query(of: $0)["pos"] } == ["stale", nil])
        #expect(try requests.map { try (Self.body(of: $0)["extensions"] as? [String: [String: Any]])?["to_device"]?["since"] as? String }
            == ["12", "12"], "no to-device message is taken twice or lost")
    }

    @Test func otherFailuresAreTheLoopsToRetry() async throws {
        let transport = FakeTransport { _ in .json(502, "<html>bad gateway</html>") }
        await #expect(throws: MatrixError.server(errcode: "HTTP_502", message: "", status: 502)) {
            try await Self.service(transport).next(from: nil, userID: "@alice:hs", waitsForNews: true)
        }
        #expect(transport.log.all.count == 1)
    }
}

/// Counts calls from any thread.
final class CallCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { value in defer { value += 1 }; return value } }
}
