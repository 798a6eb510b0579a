import Foundation
import Testing
@testable import ElementShellKit

@Suite struct MatrixAuthServiceTests {
    private let base = URL(string: "https://hs.example")!
    private let flowsRoute = "https://hs.example/_matrix/client/v3/login"

    @Test func logsInWithPasswordAndBuildsTheSession() async throws {
        let transport = FakeTransport { request in
            request.method == .get
                ? .json(200, #"{"flows":[{"type":"m.login.password"}]}"#)
                : .json(200, #"{"user_id":"@alice:hs.example","access_token":"syt_t","device_id":"DEV1"}"#)
        }
        let session = try await MatrixAuthService(transport: transport)
            .login(homeserverURL: base, user: " alice ", password: "pw", deviceDisplayName: "shell")
        #expect(session == Session(userID: "@alice:hs.example", deviceID: "DEV1", accessToken: "syt_t", homeserverURL: base))
        let post = try #require(transport.log.all.last)
        let body = try JSONSerialization.jsonObject(with: try #require(post.body)) as? [String: Any]
        #expect((body?["identifier"] as? [String: String])?["user"] == "alice")
    }

    @Test func refusesServersWithoutPasswordLogin() async {
        for flows: Result<HTTPResponse, TransportError> in [
            .json(200, #"{"flows":[{"type":"m.login.sso"}]}"#),
            .json(404, #"{"errcode":"M_UNRECOGNIZED","error":"OAuth 2.0 authentication is in use on this homeserver."}"#),
        ] {
            let transport = FakeTransport.routes([flowsRoute: flows])
            await #expect(throws: MatrixError.unsupportedLoginFlow) {
                try await MatrixAuthService(transport: transport).login(homeserverURL: base, user: "a", password: "pw", deviceDisplayName: "d")
            }
            #expect(transport.log.all.count == 1, "the password must not be sent")
        }
    }

    @Test func passesLoginFailuresThrough() async {
        let transport = FakeTransport { request in
            request.method == .get
                ? .json(200, #"{"flows":[{"type":"m.login.password"}]}"#)
                : .json(403, #"{"errcode":"M_USER_DEACTIVATED","error":"This account has been deactivated"}"#)
        }
        await #expect(throws: MatrixError.userDeactivated) {
            try await MatrixAuthService(transport: transport).login(homeserverURL: base, user: "a", password: "pw", deviceDisplayName: "d")
        }
    }

    @Test func logoutAndWhoamiCarryTheSessionToken() async throws {
        let session = Session(userID: "@a:hs.example", deviceID: "D", accessToken: "syt_t", homeserverURL: base)
        let transport = FakeTransport { request in
            request.url.path.hasSuffix("whoami") ? .json(200, #"{"user_id":"@a:hs.example","device_id":"D"}"#) : .json(200, "{}")
        }
        let service = MatrixAuthService(transport: transport)
        #expect(try await service.whoami(session) == TokenOwner(userID: "@a:hs.example", deviceID: "D"))
        try await service.logout(session)
        #expect(transport.log.all.map(\.headers["Authorization"]) == ["Bearer syt_t", "Bearer syt_t"])
        #expect(transport.log.all.map(\.url.path) == ["/_matrix/client/v3/account/whoami", "/_matrix/client/v3/logout"])
    }
}
