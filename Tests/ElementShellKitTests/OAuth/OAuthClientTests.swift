import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The requests of the device login and of token renewal and revocation, on plain values.
struct OAuthClientTests {
    static let metadataJSON = #"""
        {"issuer":"https://auth.example/","token_endpoint":"https://auth.example/oauth2/token",
         "registration_endpoint":"https://auth.example/oauth2/registration","revocation_endpoint":"https://auth.example/oauth2/revoke",
         "device_authorization_endpoint":"https://auth.example/oauth2/device","account_management_uri":"https://auth.example/account",
         "grant_types_supported":["authorization_code","refresh_token","urn:ietf:params:oauth:grant-type:device_code"]}
        """#
    static let session = OAuthSession(issuer: "https://auth.example/", clientID: "client-1", tokenEndpoint: URL(string: "https://auth.example/oauth2/token")!,
                                      revocationEndpoint: URL(string: "https://auth.example/oauth2/revoke")!)

    func form(_ request: HTTPRequest?) -> [String: String] {
        let text = String(decoding: request?.body ?? Data(), as: UTF8.self)
        return Dictionary(uniqueKeysWithValues: text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        })
    }

    @Test func discoveryFindsTheDeviceGrantAndFallsBackToTheUnstablePath() async throws {
        let transport = FakeTransport.routes([
            "https://hs.example/_matrix/client/v3/login": .json(404, #"{"errcode":"M_UNRECOGNIZED","error":"OAuth 2.0 is in use"}"#),
            "https://hs.example/_matrix/client/unstable/org.matrix.msc2965/auth_metadata": .json(200, Self.metadataJSON),
        ])
        let offered = try await MatrixAuthService(transport: transport, retryPolicy: .never).offeredLogins(homeserverURL: URL(string: "https://hs.example")!)
        #expect(offered.oauth?.deviceAuthorizationEndpoint?.absoluteString == "https://auth.example/oauth2/device")
        #expect(offered.oauth?.accountManagementURI?.absoluteString == "https://auth.example/account")
        #expect(!offered.password && !offered.sso)
        #expect(transport.log.urls.contains("https://hs.example/_matrix/client/v1/auth_metadata"), "the stable path first")
    }

    @Test func aServerWithoutTheDeviceGrantOffersNoOAuth() throws {
        let withoutDevice = try MatrixClient.decode(AuthMetadata.self, from: Data(#"""
            {"issuer":"https://auth.example/","token_endpoint":"https://auth.example/token","registration_endpoint":"https://auth.example/reg"}
            """#.utf8))
        #expect(!withoutDevice.offersDeviceLogin)
        let notListed = try MatrixClient.decode(AuthMetadata.self, from: Data(Self.metadataJSON.replacingOccurrences(
            of: #","urn:ietf:params:oauth:grant-type:device_code""#, with: "").utf8))
        #expect(!notListed.offersDeviceLogin, "an endpoint without the grant type listed is not used")
    }

    @Test func theScopeUsesTheSpecsNamesUnlessTheServerKnowsOnlyMSC2967s() throws {
        let stable = try MatrixClient.decode(AuthMetadata.self, from: Data(Self.metadataJSON.utf8))
        #expect(stable.loginScope(deviceID: "ABCDEFGHIJ") == "urn:matrix:client:api:* urn:matrix:client:device:ABCDEFGHIJ")
        var unstable = stable
        unstable.scopesSupported = ["openid", "urn:matrix:org.matrix.msc2967.client:api:*"]
        #expect(unstable.loginScope(deviceID: "ABCDEFGHIJ")
            == "urn:matrix:org.matrix.msc2967.client:api:* urn:matrix:org.matrix.msc2967.client:device:ABCDEFGHIJ")
    }

    @Test func registersAPublicNativeClient() async throws {
        let transport = FakeTransport.routes(["https://auth.example/oauth2/registration": .json(201, #"{"client_id":"client-1"}"#)])
        let clientID = try await OAuthClient(transport: transport, requestTimeout: 5, clock: TestClock())
            .register(ClientRegistration(clientName: "Clap", clientURI: "https://clap.ac"), at: URL(string: "https://auth.example/oauth2/registration")!)
        #expect(clientID == "client-1")
        let body = try JSONSerialization.jsonObject(with: try #require(transport.log.all.first?.body)) as? [String: Any]
        #expect(body?["client_name"] as? String == "Clap" && body?["client_uri"] as? String == "https://clap.ac")
        #expect(body?["application_type"] as? String == "native" && body?["token_endpoint_auth_method"] as? String == "none")
        #expect(body?["grant_types"] as? [String] == ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"])
    }

    @Test func asksForADeviceCodeWithTheScope() async throws {
        let transport = FakeTransport.routes(["https://auth.example/oauth2/device": .json(200, #"""
            {"device_code":"dc","user_code":"WDJB-MJHT","verification_uri":"https://auth.example/link",
             "verification_uri_complete":"https://auth.example/link?code=WDJB-MJHT","expires_in":600,"interval":2}
            """#)])
        let authorization = try await OAuthClient(transport: transport, requestTimeout: 5, clock: TestClock())
            .authorizeDevice(clientID: "client-1", scope: "urn:matrix:client:api:* urn:matrix:client:device:X", at: URL(string: "https://auth.example/oauth2/device")!)
        #expect(authorization.userCode == "WDJB-MJHT" && authorization.interval == 2 && authorization.expiresIn == 600)
        #expect(form(transport.log.all.first) == ["client_id": "client-1", "scope": "urn:matrix:client:api:* urn:matrix:client:device:X"])
        #expect(transport.log.all.first?.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test(arguments: [
        (400, #"{"error":"authorization_pending"}"#, DeviceTokenAnswer.pending),
        (400, #"{"error":"slow_down"}"#, .slowDown),
        (400, #"{"error":"access_denied","error_description":"The user denied"}"#, .denied),
        (400, #"{"error":"expired_token"}"#, .expired),
        (401, #"{"error":"invalid_client"}"#, .error("invalid_client")),
        (502, "<html>Bad Gateway</html>", .error("HTTP_502")),
        (200, #"{"access_token":"at","refresh_token":"rt","expires_in":300,"token_type":"Bearer"}"#,
         .tokens(IssuedTokens(accessToken: "at", refreshToken: "rt", expiresIn: .seconds(300)))),
    ])
    func readsEveryAnswerOfTheTokenEndpoint(status: Int, body: String, expected: DeviceTokenAnswer) async {
        let transport = FakeTransport.routes(["https://auth.example/oauth2/token": .json(status, body)])
        let answer = await OAuthClient(transport: transport, requestTimeout: 5, clock: TestClock())
            .pollToken(deviceCode: "dc", clientID: "client-1", at: URL(string: "https://auth.example/oauth2/token")!)
        #expect(answer == expected)
        #expect(form(transport.log.all.first) == ["grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": "dc",
                                                  "client_id": "client-1"])
    }

    @Test func aNetworkFailureWhilePollingIsSaidAsSuch() async {
        let transport = FakeTransport { _ throws(TransportError) in throw .timedOut }
        #expect(await OAuthClient(transport: transport, requestTimeout: 5, clock: TestClock())
            .pollToken(deviceCode: "dc", clientID: "c", at: URL(string: "https://auth.example/t")!) == .unreachable(.timedOut))
    }

    @Test func renewsAtTheTokenEndpointAndRevokesBothTokens() async throws {
        let transport = FakeTransport.routes([
            "https://auth.example/oauth2/token": .json(200, #"{"access_token":"at2","refresh_token":"rt2","expires_in":300}"#),
            "https://auth.example/oauth2/revoke": .json(200, "{}"),
        ])
        let client = OAuthClient(transport: transport, requestTimeout: 5, clock: TestClock())
        #expect(try await client.refresh("rt1", of: Self.session) == IssuedTokens(accessToken: "at2", refreshToken: "rt2", expiresIn: .seconds(300)))
        #expect(form(transport.log.all.first) == ["grant_type": "refresh_token", "refresh_token": "rt1", "client_id": "client-1"])

        let session = Session(userID: "@a:hs", deviceID: "D", accessToken: "at2", homeserverURL: URL(string: "https://hs.example")!,
                              refreshToken: "rt2", oauth: Self.session)
        try await MatrixAuthService(transport: transport).logout(session)
        #expect(transport.log.all.dropFirst().map { form($0) } == [
            ["token": "rt2", "token_type_hint": "refresh_token", "client_id": "client-1"],
            ["token": "at2", "token_type_hint": "access_token", "client_id": "client-1"],
        ], "the refresh token first, then the access token; no Matrix /logout")
    }

    @Test func aRefusedRenewalCarriesTheOAuthError() async {
        let transport = FakeTransport.routes(["https://auth.example/oauth2/token": .json(400, #"{"error":"invalid_grant"}"#)])
        await #expect(throws: MatrixError.server(errcode: "invalid_grant", message: "", status: 400)) {
            try await OAuthClient(transport: transport, requestTimeout: 5, clock: TestClock()).refresh("rt1", of: Self.session)
        }
    }
}
