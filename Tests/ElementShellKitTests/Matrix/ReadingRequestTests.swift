import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The read marker and typing requests, as the spec spells them.
@Suite struct ReadingRequestTests {
    private let client = MatrixClient(homeserverURL: URL(string: "https://hs.example")!, accessToken: "syt_secret",
                                      transport: FakeTransport { _ in .json(200, "{}") })

    private func body(of request: HTTPRequest) throws -> [String: Any] {
        let data = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: [(ReceiptType.public, "m.read"), (.private, "m.read.private")])
    func oneReadMarkersRequestCarriesTheMarkerAndTheReceipt(receipt: ReceiptType, key: String) throws {
        let request = try client.request(for: .readMarkers(roomID: "!r:hs", eventID: "$e", receipt: receipt))
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://hs.example/_matrix/client/v3/rooms/!r:hs/read_markers")
        let json = try body(of: request)
        #expect(Set(json.keys) == ["m.fully_read", key])
        #expect(json["m.fully_read"] as? String == "$e" && json[key] as? String == "$e")
    }

    @Test func typingStartsWithATimeoutAndStopsWithout() throws {
        let start = try client.request(for: .typing(roomID: "!r:hs", userID: "@alice:hs", isTyping: true, timeout: .seconds(30)))
        #expect(start.method == .put)
        #expect(start.url.absoluteString == "https://hs.example/_matrix/client/v3/rooms/!r:hs/typing/@alice:hs")
        let started = try body(of: start)
        #expect(started["typing"] as? Bool == true && started["timeout"] as? Int == 30_000)
        let stop = try client.request(for: .typing(roomID: "!r:hs", userID: "@alice:hs", isTyping: false, timeout: .seconds(30)))
        let stopped = try body(of: stop)
        #expect(stopped["typing"] as? Bool == false && Set(stopped.keys) == ["typing"])
    }
}
