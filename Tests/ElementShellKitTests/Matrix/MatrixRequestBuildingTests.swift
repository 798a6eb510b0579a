import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct MatrixRequestBuildingTests {
    private let transport = FakeTransport { _ in .json(200, "{}") }

    private func client(_ base: String, token: String? = "syt_secret") -> MatrixClient {
        MatrixClient(homeserverURL: URL(string: base)!, accessToken: token, transport: transport)
    }

    @Test func appendsEndpointPathsToTheBaseURL() throws {
        #expect(try client("https://hs.example").request(for: .versions).url.absoluteString
            == "https://hs.example/_matrix/client/versions")
        #expect(try client("https://hs.example/").request(for: .loginFlows).url.absoluteString
            == "https://hs.example/_matrix/client/v3/login")
        #expect(try client("http://127.0.0.1:8008/prefix/").request(for: .whoami).url.absoluteString
            == "http://127.0.0.1:8008/prefix/_matrix/client/v3/account/whoami")
        #expect(try client("https://hs.example").request(for: .clientWellKnown).url.absoluteString
            == "https://hs.example/.well-known/matrix/client")
    }

    @Test func percentEncodesEachSegmentOnItsOwn() throws {
        let endpoint = MatrixEndpoint<EmptyResponse>(
            method: .put, path: ["_matrix", "client", "v3", "rooms", "!room/id:hs", "send", "m.room.message", "t#1?x"],
            query: [URLQueryItem(name: "dir", value: "b")], isAuthenticated: true)
        #expect(try client("https://hs.example").request(for: endpoint).url.absoluteString
            == "https://hs.example/_matrix/client/v3/rooms/!room%2Fid:hs/send/m.room.message/t%231%3Fx?dir=b")
    }

    @Test func asksForAHierarchyPageFromTheTokenGiven() throws {
        #expect(try client("https://hs.example").request(for: .hierarchy(of: "!team:hs", from: nil, limit: 50)).url.absoluteString
            == "https://hs.example/_matrix/client/v1/rooms/!team:hs/hierarchy?limit=50")
        #expect(try client("https://hs.example").request(for: .hierarchy(of: "!team:hs", from: "n1", limit: 50)).url.absoluteString
            == "https://hs.example/_matrix/client/v1/rooms/!team:hs/hierarchy?limit=50&from=n1")
    }

    /// Thumbnails come from the authenticated media API, scaled, at the size asked.
    @Test func asksForAScaledThumbnail() throws {
        let media = try #require(MediaURL("mxc://hs.example/cat_1"))
        let request = try client("https://hs.example").request(for: .thumbnail(media, width: 400, height: 240, maximumBytes: 1 << 20))
        #expect(request.url.absoluteString == "https://hs.example/_matrix/client/v1/media/thumbnail/hs.example/cat_1?width=400&height=240&method=scale")
        #expect(request.headers["Authorization"] == "Bearer syt_secret")
    }

    @Test func setsTheDisplayNameOnTheUsersProfile() throws {
        let request = try client("https://hs.example").request(for: .setDisplayName("Ålice \"A\"", of: "@alice:hs"))
        #expect(request.method == .put && request.url.absoluteString == "https://hs.example/_matrix/client/v3/profile/@alice:hs/displayname")
        let body = try JSONSerialization.jsonObject(with: try #require(request.body)) as? [String: String]
        #expect(body == ["displayname": "Ålice \"A\""])
    }

    @Test func sendsTheTokenOnlyOnAuthenticatedEndpoints() throws {
        let whoami = try client("https://hs.example").request(for: .whoami)
        #expect(whoami.headers["Authorization"] == "Bearer syt_secret")
        #expect(whoami.headers["Accept"] == "application/json")
        #expect(whoami.method == .get && whoami.body == nil && whoami.headers["Content-Type"] == nil)
        #expect(try client("https://hs.example").request(for: .versions).headers["Authorization"] == nil)
        #expect(try client("https://hs.example", token: nil).request(for: .whoami).headers["Authorization"] == nil)
        let wellKnown = try client("https://hs.example").request(for: .clientWellKnown)
        #expect(wellKnown.headers["Authorization"] == nil && wellKnown.followsRedirects)
    }

    @Test func encodesThePasswordLoginBodyWithSpecKeys() throws {
        let login = PasswordLoginRequest(user: "alice", password: "hunter2", deviceDisplayName: "element-shell on host")
        let request = try client("https://hs.example", token: nil).request(for: .login(login))
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Authorization"] == nil)
        let body = try #require(request.body)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["type"] as? String == "m.login.password")
        #expect(json["password"] as? String == "hunter2")
        #expect(json["initial_device_display_name"] as? String == "element-shell on host")
        let identifier = try #require(json["identifier"] as? [String: String])
        #expect(identifier == ["type": "m.id.user", "user": "alice"])
        #expect(json["refresh_token"] as? Bool == true, "a server that makes tokens expire renews them only so")
        #expect(Set(json.keys) == ["type", "identifier", "password", "initial_device_display_name", "refresh_token"])
    }

    @Test func secretsStayOutOfDescriptions() throws {
        let login = PasswordLoginRequest(user: "alice", password: "hunter2", deviceDisplayName: "d")
        #expect(!"\(login)".contains("hunter2") && !String(reflecting: login).contains("hunter2"))
        let request = try client("https://hs.example").request(for: .login(login))
        #expect("\(request)" == "POST https://hs.example/_matrix/client/v3/login")
        var withQuery = try client("https://hs.example").request(for: .whoami)
        withQuery.url = URL(string: "https://hs.example/_matrix/client/v3/sync?access_token=syt_secret")!
        #expect(!"\(withQuery)".contains("syt_secret"))
        #expect(!"\(client("https://hs.example"))".contains("syt_secret"))
    }

    @Test func capsDiscoveryAnswersAtOneMebibyte() throws {
        let client = client("https://hs.example")
        #expect(try client.request(for: .versions).maximumResponseBytes == 1 << 20)
        #expect(try client.request(for: .clientWellKnown).maximumResponseBytes == 1 << 20)
        #expect(try client.request(for: .whoami).maximumResponseBytes == 64 << 20)
        #expect(try client.request(for: .loginFlows).maximumResponseBytes == 64 << 20)
        #expect(HTTPRequest(method: .get, url: URL(string: "https://hs.example")!).maximumResponseBytes == 64 << 20)
    }

    @Test func logoutIsAnAuthenticatedPostWithContentLength() throws {
        let request = try client("https://hs.example").request(for: .logout)
        #expect(request.method == .post)
        #expect(request.url.path == "/_matrix/client/v3/logout")
        #expect(request.headers["Authorization"] == "Bearer syt_secret")
    }
}
