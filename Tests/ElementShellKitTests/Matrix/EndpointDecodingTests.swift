import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct EndpointDecodingTests {
    @Test func decodesWellKnownWithNamespacedKeysAndExtras() throws {
        let json = #"""
        {"m.homeserver":{"base_url":"https://matrix.example.org/"},
         "m.identity_server":{"base_url":"https://id.example.org"},
         "org.example.custom":{"anything":[1,2]}}
        """#
        let wellKnown = try MatrixClient.decode(ClientWellKnown.self, from: Data(json.utf8))
        #expect(wellKnown.homeserver?.baseURL == "https://matrix.example.org/")
        #expect(wellKnown.identityServer?.baseURL == "https://id.example.org")
    }

    @Test func wellKnownWithoutBaseURLDecodesToNil() throws {
        #expect(try MatrixClient.decode(ClientWellKnown.self, from: Data(#"{"m.homeserver":{}}"#.utf8)).homeserver?.baseURL == nil)
        #expect(try MatrixClient.decode(ClientWellKnown.self, from: Data("{}".utf8)).homeserver == nil)
    }

    @Test func aHierarchyPageKeepsChildrenWithServersOnly() throws {
        let json = #"""
        {"rooms":[{"room_id":"!team:hs","name":"Team","room_type":"m.space","num_joined_members":3,"join_rule":"invite",
                   "world_readable":false,"guest_can_join":false,
                   "children_state":[{"type":"m.space.child","state_key":"!a:hs","content":{"via":["hs"]},"sender":"@b:hs","origin_server_ts":1},
                                     {"type":"m.space.child","state_key":"!gone:hs","content":{},"sender":"@b:hs","origin_server_ts":2}]},
                  {"room_id":"!a:hs","canonical_alias":"#a:hs","topic":"A","num_joined_members":1,"world_readable":true,
                   "guest_can_join":false,"children_state":[]}],
         "next_batch":"n1"}
        """#
        let page = try MatrixClient.decode(HierarchyResponse.self, from: Data(json.utf8)).page
        #expect(page == SpaceHierarchyPage(rooms: [
            SpaceRoom(roomID: "!team:hs", name: "Team", joinedMemberCount: 3, isSpace: true, joinRule: "invite", children: ["!a:hs": ["hs"]]),
            SpaceRoom(roomID: "!a:hs", canonicalAlias: "#a:hs", topic: "A", joinedMemberCount: 1),
        ], next: "n1"))
    }

    @Test func malformedJSONIsADecodingError() {
        #expect {
            try MatrixClient.decode(ClientWellKnown.self, from: Data("<html>".utf8))
        } throws: { error in
            guard case .decoding(let detail) = error as? MatrixError else { return false }
            return detail.hasPrefix("ClientWellKnown")
        }
        #expect {
            try MatrixClient.decode(ClientWellKnown.self, from: Data(#"{"m.homeserver":{"base_url":5}}"#.utf8))
        } throws: { error in
            guard case .decoding(let detail) = error as? MatrixError else { return false }
            return detail.contains("m.homeserver.base_url")
        }
    }

    @Test func decodesLoginAnswers() throws {
        let flows = try MatrixClient.decode(LoginFlows.self, from: Data(
            #"{"flows":[{"type":"m.login.token","get_login_token":true},{"type":"m.login.password"}]}"#.utf8))
        #expect(flows.offered == OfferedLogins(password: true, identityProviders: nil))
        let ssoOnly = try MatrixClient.decode(LoginFlows.self, from: Data(#"{"flows":[{"type":"m.login.sso"}]}"#.utf8))
        #expect(ssoOnly.offered == OfferedLogins(password: false, identityProviders: []), "single sign-on without named providers")
        let brokenProviders = try MatrixClient.decode(LoginFlows.self, from: Data(#"{"flows":[{"type":"m.login.sso","identity_providers":[{"id":1}]}]}"#.utf8))
        #expect(brokenProviders.offered.sso, "a broken provider list still offers the server's own page")

        let login = try MatrixClient.decode(LoginResponse.self, from: Data(
            #"{"user_id":"@a:hs","access_token":"syt_secret","device_id":"DEV","home_server":"hs"}"#.utf8))
        #expect(login.userID == "@a:hs" && login.accessToken == "syt_secret" && login.deviceID == "DEV")
        #expect(!"\(login)".contains("syt_secret"))
        #expect(login.wellKnown == nil)
        #expect(login.tokens.refreshToken == nil && login.tokens.expiresIn == nil, "a token that does not expire")

        let expiring = try MatrixClient.decode(LoginResponse.self, from: Data(
            #"{"user_id":"@a:hs","access_token":"t","device_id":"D","refresh_token":"syr_secret","expires_in_ms":300000}"#.utf8))
        #expect(expiring.tokens == IssuedTokens(accessToken: "t", refreshToken: "syr_secret", expiresIn: .seconds(300)))
        #expect(!"\(expiring)".contains("syr_secret") && !"\(expiring.tokens)".contains("syr_secret"))
        let kept = try MatrixClient.decode(IssuedTokens.self, from: Data(#"{"access_token":"t2","expires_in_ms":1500}"#.utf8))
        #expect(kept == IssuedTokens(accessToken: "t2", refreshToken: nil, expiresIn: .milliseconds(1500)), "a renewal may keep its refresh token")

        let pointed = try MatrixClient.decode(LoginResponse.self, from: Data(
            #"{"user_id":"@a:hs","access_token":"t","device_id":"D","well_known":{"m.homeserver":{"base_url":"https://m.hs"}}}"#.utf8))
        #expect(pointed.wellKnown?.homeserver?.baseURL == "https://m.hs")
        let malformed = try MatrixClient.decode(LoginResponse.self, from: Data(
            #"{"user_id":"@a:hs","access_token":"t","device_id":"D","well_known":{"m.homeserver":[]}}"#.utf8))
        #expect(malformed.accessToken == "t" && malformed.wellKnown == nil, "a broken hint must not lose the new device's token")

        #expect {
            try MatrixClient.decode(LoginResponse.self, from: Data(#"{"user_id":"@a:hs","device_id":"DEV"}"#.utf8))
        } throws: { error in
            (error as? MatrixError) == .decoding("LoginResponse: missing key access_token")
        }
    }

    @Test func versionsWithV3EndpointsStartAtV1_1() {
        func supports(_ versions: [String]) -> Bool { SupportedVersions(versions: versions).supportsV3Endpoints }
        #expect(supports(["v1.1"]) && supports(["r0.6.1", "v1.15"]) && supports(["v1.100"]))
        #expect(!supports([]) && !supports(["r0.6.1"]) && !supports(["v1.0"]) && !supports(["v1."]) && !supports(["v1.+1"]))
        #expect(!supports(["v2.0"]) && !supports(["v11.1"]) && !supports(["V1.1"]) && !supports(["v1.1-rc"]))
    }

    @Test func decodesWhoamiWithAndWithoutDevice() throws {
        #expect(try MatrixClient.decode(TokenOwner.self, from: Data(#"{"user_id":"@a:hs","device_id":"D","is_guest":false}"#.utf8))
            == TokenOwner(userID: "@a:hs", deviceID: "D"))
        #expect(try MatrixClient.decode(TokenOwner.self, from: Data(#"{"user_id":"@bridge:hs"}"#.utf8))
            == TokenOwner(userID: "@bridge:hs", deviceID: nil))
    }
}
