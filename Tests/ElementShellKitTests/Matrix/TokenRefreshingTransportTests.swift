import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The session's client with expiring access tokens: a token turned down as expired is renewed
/// once, stored, and the request sent again; renewals are shared, due ones come first, and a
/// renewal that cannot happen leaves the tokens as they were.
@Suite struct TokenRefreshingTransportTests {
    let directory = TemporaryDirectory()
    let homeserver = URL(string: "https://hs.example")!
    static let expired = #"{"errcode":"M_UNKNOWN_TOKEN","error":"Access token has expired","soft_logout":true}"#

    /// A homeserver whose valid access token is `valid`; `/refresh` rotates it to `access<N>`
    /// and `refresh<N>` for the refresh token it holds (without taking the new access token
    /// unless `takesRenewed`), or answers `refreshAnswer` when given.
    final class TokenServer: Sendable {
        private let state: Mutex<(valid: String, refresh: String, renewals: Int)>
        private let refreshAnswer: Result<HTTPResponse, TransportError>?
        private let takesRenewed: Bool
        let log = RequestLog()

        init(valid: String, refresh: String, refreshAnswer: Result<HTTPResponse, TransportError>? = nil, takesRenewed: Bool = true) {
            state = Mutex((valid, refresh, 0))
            self.refreshAnswer = refreshAnswer
            self.takesRenewed = takesRenewed
        }

        var renewals: Int { state.withLock { $0.renewals } }

        var transport: FakeTransport {
            FakeTransport { [self] request throws(TransportError) in
                log.append(request)
                if request.url.path.hasSuffix("/refresh") { return try renew(request) }
                let valid = state.withLock { $0.valid }
                return request.bearerToken == valid ? .json(200, #"{"user_id":"@a:hs.example"}"#) : .json(401, TokenRefreshingTransportTests.expired)
            }
        }

        private func renew(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
            if let refreshAnswer { return try refreshAnswer.get() }
            let sent = (try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String])?["refresh_token"]
            return state.withLock { state in
                guard sent == state.refresh else { return .json(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"Unknown refresh token"}"#) }
                state.renewals += 1
                if takesRenewed { state.valid = "access\(state.renewals)" }
                state.refresh = "refresh\(state.renewals)"
                return .json(200, #"{"access_token":"access\#(state.renewals)","refresh_token":"\#(state.refresh)","expires_in_ms":300000}"#)
            }
        }
    }

    func storedSession(renewal: Date? = nil) async throws -> SessionStore {
        let store = SessionStore(directory: directory.url)
        try await store.save(Session(userID: "@a:hs.example", deviceID: "D", accessToken: "access0", homeserverURL: homeserver,
                                     refreshToken: "refresh0", accessTokenRenewal: renewal))
        return store
    }

    func whoami(token: String = "access0", over transport: any HTTPTransport) async throws -> HTTPResponse {
        let request = HTTPRequest(method: .get, url: homeserver.appending(path: "_matrix/client/v3/account/whoami"),
                                  headers: ["Authorization": "Bearer \(token)"])
        return try await transport.send(request)
    }

    func transport(_ server: TokenServer, store: SessionStore, now: Date = Date()) -> TokenRefreshingTransport {
        TokenRefreshingTransport(base: server.transport, refresher: TokenRefresher(store: store, clock: TestClock(startingAt: now)), requestTimeout: 30)
    }

    @Test func aTokenTurnedDownAsExpiredIsRenewedStoredAndTheRequestSentAgain() async throws {
        let store = try await storedSession()
        let server = TokenServer(valid: "access-new-unknown", refresh: "refresh0")
        // The server's current token is one the client never had: only a renewal brings a good one.
        let response = try await whoami(over: transport(server, store: store))
        #expect(response.status == 200, "\(response)")
        #expect(server.log.all.map { $0.url.lastPathComponent } == ["whoami", "refresh", "whoami"])
        #expect(server.log.all.last?.bearerToken == "access1")
        let onDisk = try #require(try await SessionStore(directory: directory.url).load())
        #expect(onDisk.accessToken == "access1" && onDisk.refreshToken == "refresh1" && onDisk.accessTokenRenewal != nil)
        #expect(onDisk.deviceID == "D", "the same device goes on")
    }

    @Test func anOAuthSessionRenewsAtItsTokenEndpoint() async throws {
        let store = SessionStore(directory: directory.url)
        let oauth = OAuthSession(issuer: "https://auth.example/", clientID: "client-1", tokenEndpoint: URL(string: "https://auth.example/token")!,
                                 revocationEndpoint: nil)
        try await store.save(Session(userID: "@a:hs.example", deviceID: "D", accessToken: "access0", homeserverURL: homeserver,
                                     refreshToken: "refresh0", oauth: oauth))
        let log = RequestLog()
        let server = FakeTransport { request throws(TransportError) in
            log.append(request)
            if request.url.host == "auth.example" {
                return .json(200, #"{"access_token":"access1","refresh_token":"refresh1","expires_in":300,"token_type":"Bearer"}"#)
            }
            return request.bearerToken == "access1" ? .json(200, #"{"user_id":"@a:hs.example"}"#) : .json(401, Self.expired)
        }
        let response = try await whoami(over: TokenRefreshingTransport(base: server, refresher: TokenRefresher(store: store), requestTimeout: 30))
        #expect(response.status == 200, "\(response)")
        #expect(log.urls == ["https://hs.example/_matrix/client/v3/account/whoami", "https://auth.example/token",
                             "https://hs.example/_matrix/client/v3/account/whoami"], "the OAuth server renews it, not Matrix's /refresh")
        let onDisk = try #require(try await SessionStore(directory: directory.url).load())
        #expect(onDisk.accessToken == "access1" && onDisk.refreshToken == "refresh1" && onDisk.oauth == oauth)
        #expect(onDisk.accessTokenRenewal != nil, "expires_in counts seconds")
    }

    @Test func aTokenTurnedDownWithoutSoftLogoutIsRenewedToo() async throws {
        // Synapse delegating to an OAuth 2.0 server answers an expired token so.
        let store = try await storedSession()
        let log = RequestLog()
        let server = FakeTransport { request throws(TransportError) in
            log.append(request)
            if request.url.path.hasSuffix("/refresh") { return .json(200, #"{"access_token":"access1","refresh_token":"refresh1"}"#) }
            return request.bearerToken == "access1" ? .json(200, "{}")
                : .json(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"Token is not active","soft_logout":false}"#)
        }
        let response = try await whoami(over: TokenRefreshingTransport(base: server, refresher: TokenRefresher(store: store), requestTimeout: 30))
        #expect(response.status == 200, "\(response)")
        #expect(log.all.map { $0.url.lastPathComponent } == ["whoami", "refresh", "whoami"])
    }

    @Test func manyRequestsTurnedDownAtOnceShareOneRenewal() async throws {
        let store = try await storedSession()
        let server = TokenServer(valid: "expired-for-everyone", refresh: "refresh0")
        let transport = transport(server, store: store)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await whoami(over: transport).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 8))
        #expect(server.renewals == 1)
    }

    @Test func aTokenDueForRenewalIsRenewedBeforeTheRequest() async throws {
        let now = Date()
        let store = try await storedSession(renewal: now.addingTimeInterval(-1))
        let server = TokenServer(valid: "access0", refresh: "refresh0")
        let response = try await whoami(over: transport(server, store: store, now: now))
        #expect(response.status == 200, "\(response)")
        #expect(server.log.all.map { $0.url.lastPathComponent } == ["refresh", "whoami"])
        #expect(server.log.all.last?.bearerToken == "access1")
    }

    @Test func aServiceHoldingARotatedTokenSendsTheCurrentOne() async throws {
        let store = try await storedSession()
        let server = TokenServer(valid: "elsewhere", refresh: "refresh0")
        let transport = transport(server, store: store)
        _ = try await whoami(over: transport)
        // A service made before the renewal still holds access0.
        let response = try await whoami(token: "access0", over: transport)
        #expect(response.status == 200 && server.log.all.last?.bearerToken == "access1")
        #expect(server.renewals == 1)
    }

    @Test func aRefusedRenewalLeavesTheSessionToEndAsBefore() async throws {
        let store = try await storedSession()
        let server = TokenServer(valid: "elsewhere", refresh: "refresh0",
                                 refreshAnswer: .json(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"Unknown refresh token"}"#))
        let response = try await whoami(over: transport(server, store: store))
        #expect(response.status == 401, "\(response)")
        #expect(MatrixError(response: response, now: Date(timeIntervalSince1970: 0)) == .unknownToken(softLogout: true))
        #expect(try await store.current?.accessToken == "access0")
    }

    @Test func aNetworkFailureDuringARenewalFailsTheRequestAndKeepsTheTokens() async throws {
        let store = try await storedSession()
        let server = TokenServer(valid: "elsewhere", refresh: "refresh0", refreshAnswer: .failure(.cannotConnect("hs.example")))
        await #expect(throws: TransportError.cannotConnect("hs.example")) { try await whoami(over: transport(server, store: store)) }
        #expect(try await store.current?.refreshToken == "refresh0")
    }

    @Test func aRequestIsSentAgainOnlyOnce() async throws {
        let store = try await storedSession()
        // Renewals succeed, yet the server never takes the token: the second 401 is the answer.
        let server = TokenServer(valid: "never", refresh: "refresh0", takesRenewed: false)
        let response = try await whoami(over: transport(server, store: store))
        #expect(response.status == 401, "\(response)")
        #expect(server.log.all.map { $0.url.lastPathComponent } == ["whoami", "refresh", "whoami"])
    }

    @Test func aRenewalPrintsWithoutItsToken() {
        let renewal = TokenRefresher.Renewal.renewed(accessToken: "syt_secret")
        #expect("\(renewal)" == "renewed" && !String(reflecting: renewal).contains("syt_secret"))
    }

    @Test func withoutARefreshTokenNothingChanges() async throws {
        let store = SessionStore(directory: directory.url)
        try await store.save(Session(userID: "@a:hs.example", deviceID: "D", accessToken: "access0", homeserverURL: homeserver))
        let server = TokenServer(valid: "elsewhere", refresh: "refresh0")
        let transport = transport(server, store: store)
        #expect(try await whoami(over: transport).status == 401)
        let anonymous = HTTPRequest(method: .get, url: homeserver.appending(path: "_matrix/client/versions"))
        _ = try await transport.send(anonymous)
        #expect(server.log.all.map { $0.url.lastPathComponent } == ["whoami", "versions"])
        #expect(server.log.all.last?.headers["Authorization"] == nil)
    }
}
