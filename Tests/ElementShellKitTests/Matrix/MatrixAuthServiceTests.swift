import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct MatrixAuthServiceTests {
    private let base = URL(string: "https://hs.example")!
    private let flowsRoute = "https://hs.example/_matrix/client/v3/login"
    private let versions = Result<HTTPResponse, TransportError>.json(200, #"{"versions":["v1.15"]}"#)

    private func loginAnswer(wellKnown: String? = nil) -> Result<HTTPResponse, TransportError> {
        let extra = wellKnown.map { #","well_known":\#($0)"# } ?? ""
        return .json(200, #"{"user_id":"@alice:hs.example","access_token":"syt_t","device_id":"DEV1"\#(extra)}"#)
    }

    private func logIn(over transport: FakeTransport) async throws(MatrixError) -> Session {
        try await MatrixAuthService(transport: transport, retryPolicy: .never)
            .login(homeserverURL: base, user: "alice", password: "pw", deviceDisplayName: "shell")
    }

    @Test func everyRequestWaitsAsLongAsTheSettingSays() async throws {
        let transport = FakeTransport.routes([
            "https://hs.example/_matrix/client/versions": versions,
            flowsRoute: .json(200, #"{"flows":[{"type":"m.login.password"}]}"#),
        ])
        let service = MatrixAuthService(transport: transport, requestTimeout: 3)
        _ = try await service.resolveHomeserver("https://hs.example")
        _ = try await service.offeredLogins(homeserverURL: base)
        #expect(transport.log.all.count >= 3, "well-known, versions and login flows")
        #expect(transport.log.all.allSatisfy { $0.timeout == 3 })
    }

    @Test func logsInWithOnePasswordPostAndBuildsTheSession() async throws {
        let transport = FakeTransport.routes([flowsRoute: loginAnswer()])
        let session = try await MatrixAuthService(transport: transport)
            .login(homeserverURL: base, user: " alice ", password: "pw", deviceDisplayName: "shell")
        #expect(session == Session(userID: "@alice:hs.example", deviceID: "DEV1", accessToken: "syt_t", homeserverURL: base))
        #expect(transport.log.all.map(\.method) == [.post], "the flows are read by offeredLogins, not here")
        let post = try #require(transport.log.all.last)
        let body = try JSONSerialization.jsonObject(with: try #require(post.body)) as? [String: Any]
        #expect((body?["identifier"] as? [String: String])?["user"] == "alice")
    }

    @Test func readsTheFlowsAndLooksForAnOAuthServer() async throws {
        let transport = FakeTransport.routes([flowsRoute: .json(200, #"""
            {"flows":[{"type":"m.login.sso","identity_providers":[{"id":"oidc-github","name":"GitHub","brand":"github"}]},
            {"type":"m.login.token"},{"type":"m.login.password"}]}
            """#)])
        let offered = try await MatrixAuthService(transport: transport).offeredLogins(homeserverURL: base)
        #expect(offered == OfferedLogins(password: true, identityProviders: [IdentityProvider(id: "oidc-github", name: "GitHub")]))
        #expect(transport.log.all.map(\.method) == [.get, .get, .get])
        #expect(transport.log.urls == [flowsRoute, "https://hs.example/_matrix/client/v1/auth_metadata",
                                       "https://hs.example/_matrix/client/unstable/org.matrix.msc2965/auth_metadata"], "no OAuth 2.0 server either way")
    }

    @Test func serversWithoutTheLoginAPIOfferNothing() async throws {
        for flows: Result<HTTPResponse, TransportError> in [
            .json(200, #"{"flows":[{"type":"m.login.dummy"}]}"#),
            .json(404, #"{"errcode":"M_UNRECOGNIZED","error":"OAuth 2.0 authentication is in use on this homeserver."}"#),
            .json(404, #"{"errcode":"M_FORBIDDEN","error":"no"}"#),
            .json(404, "<html>Not Found</html>"),
            .json(400, #"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#),
        ] {
            let transport = FakeTransport.routes([flowsRoute: flows])
            #expect(try await MatrixAuthService(transport: transport, retryPolicy: .never).offeredLogins(homeserverURL: base) == .none)
        }
    }

    @Test func logsInWithTheTokenSingleSignOnBroughtBack() async throws {
        let transport = FakeTransport.routes([flowsRoute: loginAnswer()])
        let session = try await MatrixAuthService(transport: transport)
            .login(homeserverURL: base, loginToken: "sso-token", deviceDisplayName: "shell", deviceID: nil)
        #expect(session.userID == "@alice:hs.example" && session.deviceID == "DEV1")
        let body = try JSONSerialization.jsonObject(with: try #require(transport.log.all.last?.body)) as? [String: Any]
        #expect(body?["type"] as? String == "m.login.token" && body?["token"] as? String == "sso-token")
        #expect(body?["refresh_token"] as? Bool == true && body?["initial_device_display_name"] as? String == "shell")
        #expect(!"\(TokenLoginRequest(token: "sso-token", initialDeviceDisplayName: "shell"))".contains("sso-token"))
    }

    @Test func otherFlowFailuresPassThrough() async {
        let cases: [(Result<HTTPResponse, TransportError>, MatrixError)] = [
            (.json(502, "<html>Bad Gateway</html>"), .server(errcode: "HTTP_502", message: "", status: 502)),
            (.json(403, #"{"errcode":"M_FORBIDDEN","error":"no"}"#), .forbidden(message: "no")),
            (.failure(.timedOut), .transport(.timedOut)),
        ]
        for (answer, expected) in cases {
            await #expect(throws: expected) {
                try await MatrixAuthService(transport: FakeTransport.routes([flowsRoute: answer]), retryPolicy: .never)
                    .offeredLogins(homeserverURL: base)
            }
        }
    }

    @Test func passesLoginFailuresThrough() async {
        let transport = FakeTransport.routes([
            flowsRoute: .json(403, #"{"errcode":"M_USER_DEACTIVATED","error":"This account has been deactivated"}"#),
        ])
        await #expect(throws: MatrixError.userDeactivated) { try await logIn(over: transport) }
    }

    @Test func followsTheLoginAnswersWellKnown() async throws {
        let transport = FakeTransport.routes([
            flowsRoute: loginAnswer(wellKnown: #"{"m.homeserver":{"base_url":"https://matrix.hs.example/"}}"#),
            "https://matrix.hs.example/_matrix/client/versions": versions,
        ])
        #expect(try await logIn(over: transport).homeserverURL == URL(string: "https://matrix.hs.example")!)
    }

    @Test func keepsTheLoginURLWhenTheWellKnownIsUnusable() async throws {
        for (wellKnown, contacted) in [
            (#"{"m.homeserver":{"base_url":"http://matrix.hs.example"}}"#, false),
            (#"{"m.homeserver":{"base_url":"not a url"}}"#, false),
            (#"{"m.homeserver":{"base_url":5}}"#, false),
            (#"{"m.homeserver":{}}"#, false),
            (#""text""#, false),
            (#"{"m.homeserver":{"base_url":"https://hs.example/"}}"#, false),
            (#"{"m.homeserver":{"base_url":"https://broken.hs.example"}}"#, true),
        ] {
            let transport = FakeTransport.routes([
                flowsRoute: loginAnswer(wellKnown: wellKnown),
                "http://matrix.hs.example/_matrix/client/versions": versions,
            ])
            let session = try await logIn(over: transport)
            #expect(session.homeserverURL == base, "\(wellKnown)")
            #expect(session.accessToken == "syt_t")
            #expect(transport.log.all.count == (contacted ? 2 : 1), "\(wellKnown)")
        }
    }

    @Test func loopbackWellKnownMayUsePlainHTTP() async throws {
        let transport = FakeTransport.routes([
            flowsRoute: loginAnswer(wellKnown: #"{"m.homeserver":{"base_url":"http://127.0.0.1:8008"}}"#),
            "http://127.0.0.1:8008/_matrix/client/versions": versions,
        ])
        #expect(try await logIn(over: transport).homeserverURL == URL(string: "http://127.0.0.1:8008")!)
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
