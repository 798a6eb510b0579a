import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/login` by single sign-on against a Synapse that signs users in through a real OpenID
/// provider (`Peers/oidc_provider.py`, PyPI's oidc-provider-mock) beside it; the test plays the
/// browser (`Peers/sso_browser.py`) with the link the shell prints.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Synapse and the venv of Scripts/test"))
struct ShellSingleSignOnTests {
    /// A server whose `/login` offers single sign-on through the provider, and passwords still.
    static func serverWithIdentityProvider() async throws -> (PrivateHomeserver, DetachedServer) {
        let provider = try await DetachedServer("oidc_provider.py", [])
        let server = try await PrivateHomeserver(users: ["alice"])
        try await server.restart(adding: [
            "oidc_providers:",
            "- idp_id: mock",
            "  idp_name: Mock IdP",
            "  issuer: \"http://127.0.0.1:\(provider.port)\"",
            "  client_id: element-shell",
            "  client_secret: not-a-secret",
            "  scopes: [openid]",
            "  skip_verification: true",
            "  user_mapping_provider:",
            "    config:",
            "      localpart_template: \"{{ user.sub }}\"",
        ])
        return (server, provider)
    }

    /// The link of the run's `sign_in` line, once the shell waits for the browser.
    func signInLink(_ run: RunningPeer, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let line = try #require(await run.line { $0["type"] as? String == "sign_in" }, sourceLocation: sourceLocation)
        #expect(line["method"] as? String == "sso" && line["opened_in_browser"] as? Bool == false, sourceLocation: sourceLocation)
        return try #require(line["url"] as? String, sourceLocation: sourceLocation)
    }

    @Test func signsInThroughTheBrowserAndResumesInTheNextRun() async throws {
        let (server, provider) = try await Self.serverWithIdentityProvider()
        defer { withExtendedLifetime(provider) {} }
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.homeserver)

        // No user typed and the server offers single sign-on: that is the way in.
        let login = try shell.start(base + ["--output", "json", "-c", "/login test", "-c", "/whoami"])
        let link = try await signInLink(login)
        #expect(link.hasPrefix(server.homeserver.url.absoluteString + "/_matrix/client/v3/login/sso/redirect?redirectUrl=http%3A%2F%2F127.0.0.1"))
        let browser = try JSONSerialization.jsonObject(with: Data(try await PeerScript.run(PeerScript.path("sso_browser.py"), [link, "--subject", "carol"]).utf8))
            as? [String: Any]
        #expect(browser?["outcome"] as? String == "called_back" && browser?["status"] as? Int == 200)
        let whoami = try await login.answer()
        #expect(whoami["command"] as? String == "whoami" && whoami["user_id"] as? String == "@carol:localhost")
        let deviceID = try #require(whoami["device_id"] as? String)

        let next = try await shell.run(base + ["--output", "json", "-c", "/whoami"])
        #expect(next.status == 0, "\(next)")
        let resumed = try #require(next.objects.last)
        #expect(resumed["user_id"] as? String == "@carol:localhost" && resumed["device_id"] as? String == deviceID)

        let session = try #require(try await SessionStore(directory: shell.testerDataDirectory).load())
        #expect(session.refreshToken != nil, "a login token asks for a refresh token too")
        try LogLeaks.expectNone(of: [session.accessToken, session.refreshToken ?? "", "loginToken"], in: shell.testerLog())
    }

    @Test func aNamedProviderAndAUserAreTakenAsTyped() async throws {
        let (server, provider) = try await Self.serverWithIdentityProvider()
        defer { withExtendedLifetime(provider) {} }
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.homeserver)

        let unknown = try await shell.run(base + ["--output", "json", "-c", "/login test --sso gitlab"])
        let refusal = try #require(unknown.objects.last)
        #expect(unknown.status != 0 && (refusal["error"] as? [String: Any])?["code"] as? String == "unknown_identity_provider")
        #expect((refusal["error"] as? [String: Any])?["message"] as? String == "The homeserver has no identity provider called gitlab. It offers: Mock IdP.")

        let login = try shell.start(base + ["--output", "json", "-c", "/login test dave --sso mock IdP"])
        let link = try await signInLink(login)
        #expect(link.contains("/login/sso/redirect/oidc-mock?redirectUrl="), "straight to the provider, no picker")
        _ = try await PeerScript.run(PeerScript.path("sso_browser.py"), [link, "--subject", "dave"])
        let result = try await login.answer()
        #expect(result["command"] as? String == "login" && result["user_id"] as? String == "@dave:localhost")

        // A password user of the same server still logs in as before.
        let password = try await shell.run(base + ["--output", "json", "-c", "/logout!", "-c", "/login test alice"],
                                           extraEnvironment: ["ELEMENT_SHELL_PASSWORD": server.homeserver.password])
        #expect(password.status == 0, "\(password)")
        #expect(password.objects.last?["user_id"] as? String == "@alice:localhost")
    }

    /// Synapse shows its own error page when the provider refuses, and never sends the browser
    /// back: the shell can only give up after `login_timeout`, saying so, with no session.
    @Test func aRefusedSignInEndsAtTheTimeoutWithAClearError() async throws {
        let (server, provider) = try await Self.serverWithIdentityProvider()
        defer { withExtendedLifetime(provider) {} }
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: server.homeserver, settings: ["login_timeout": "3"])

        let login = try shell.start(base + ["--output", "json", "-c", "/login test --sso"])
        let link = try await signInLink(login)
        let browser = try JSONSerialization.jsonObject(with: Data(try await PeerScript.run(PeerScript.path("sso_browser.py"), [link, "--deny"]).utf8))
            as? [String: Any]
        #expect(browser?["outcome"] as? String == "refused" && browser?["error_code"] as? String == "access_denied")
        await #expect(throws: PeerScript.Failure.self, "the login failed, so the run did") { try await login.answer() }
        let failure = try #require(await login.line { $0["command"] as? String == "login" })
        #expect((failure["error"] as? [String: Any])?["code"] as? String == "login_timed_out")
        #expect((failure["error"] as? [String: Any])?["message"] as? String
            == "Nothing came back from the browser within 3 s (the sign-in was refused or not finished). /login again to retry.")
        #expect(!FileManager.default.fileExists(atPath: shell.testerDataDirectory.appending(path: "session.json").path))

        // Nobody opens the link at all: the same end.
        let unopened = try await shell.run(base + ["--output", "json", "-c", "/login test"])
        #expect(unopened.status != 0, "\(unopened)")
        #expect(unopened.objects.contains { $0["type"] as? String == "sign_in" })
        #expect((unopened.objects.last?["error"] as? [String: Any])?["code"] as? String == "login_timed_out")
    }
}
