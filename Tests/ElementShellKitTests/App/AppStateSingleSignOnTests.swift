import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/login` by single sign-on, over a fake listener the test answers in the browser's place.
@MainActor
struct AppStateSingleSignOnTests {
    /// Waits until the test hands it what the browser brought back; cancellable.
    final class FakeRedirectListener: LoginRedirectListener {
        let redirectURL = URL(string: "http://127.0.0.1:4711/login/secret")!
        private let answers: AsyncStream<LoginRedirect>
        let answer: AsyncStream<LoginRedirect>.Continuation
        let pages = Mutex<LoginRedirectPages?>(nil)

        init() {
            (answers, answer) = AsyncStream.makeStream()
        }

        func redirect() async throws -> LoginRedirect {
            for await redirect in answers { return redirect }
            throw CancellationError()
        }
    }

    nonisolated static let offered = OfferedLogins(password: true, identityProviders: [IdentityProvider(id: "oidc-mock", name: "Mock IdP")])

    func harness(listener: FakeRedirectListener, clock: TestClock = TestClock(), tokens: Recorder<String>? = nil,
                 opened: Bool = false) -> AppHarness {
        var auth = FakeAuthService()
        auth.offered = { _ throws(MatrixError) in Self.offered }
        auth.logInWithToken = { url, token, _, deviceID throws(MatrixError) in
            await tokens?.append(token)
            return Session(userID: "@sso:example", deviceID: deviceID ?? "SSODEVICE", accessToken: "secret-token", homeserverURL: url)
        }
        auth.logIn = { _, _, _, _, _ throws(MatrixError) in Issue.record("no password login"); throw .notFound }
        return AppHarness(auth: auth, redirects: { pages in
            listener.pages.withLock { $0 = pages }
            return listener
        }, openInBrowser: { _ in opened }, clock: clock)
    }

    var links: (ReportLog) -> [(URL, Bool)] {
        { log in log.reports.compactMap { if case .signInLink(let url, let opened) = $0.content { (url, opened) } else { nil } } }
    }

    @Test func theLinkIsShownAndTheTokenItBringsBackLogsIn() async throws {
        let listener = FakeRedirectListener(), tokens = Recorder<String>()
        let app = harness(listener: listener, tokens: tokens, opened: true)
        let login = Task { await app.state.run(line: "/login matrix.org --sso mock") }
        try await waitUntil { !links(app.log).isEmpty }
        let (url, opened) = try #require(links(app.log).first)
        #expect(opened)
        #expect(url.absoluteString == "https://hs.example/_matrix/client/v3/login/sso/redirect/oidc-mock?redirectUrl=http%3A%2F%2F127.0.0.1%3A4711%2Flogin%2Fsecret")
        #expect(listener.pages.withLock { $0?.signedIn.contains("Element") } == true, "the page names the app")
        listener.answer.yield(.loginToken("login-token"))
        #expect(await login.value)
        #expect(await tokens.values == ["login-token"])
        #expect(app.state.session?.userID == "@sso:example")
        #expect(app.log.outcomes.last == .session(.loggedIn(SessionSummary(userID: "@sso:example", deviceID: "SSODEVICE",
                                                                                 homeserverURL: URL(string: "https://hs.example")!))))
    }

    @Test func withoutAUserTheServersPageChoosesTheProvider() async throws {
        let listener = FakeRedirectListener()
        let app = harness(listener: listener)
        let login = Task { await app.state.run(line: "/login matrix.org") }
        try await waitUntil { !links(app.log).isEmpty }
        #expect(links(app.log).first?.0.path == "/_matrix/client/v3/login/sso/redirect")
        listener.answer.yield(.loginToken("t"))
        #expect(await login.value)
    }

    @Test func nothingBackInTimeEndsTheLoginWithoutASession() async throws {
        let listener = FakeRedirectListener(), clock = TestClock()
        let app = harness(listener: listener, clock: clock)
        #expect(await app.state.run(line: "/set login_timeout 120"))
        let login = Task { await app.state.run(line: "/login matrix.org --sso") }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(119))
        #expect(app.state.isLoggingIn)
        clock.advance(by: .seconds(1))
        #expect(!(await login.value))
        #expect(app.log.failures == [.login(.timedOut(seconds: 120))])
        #expect(app.state.session == nil && !app.state.isLoggingIn)
        #expect(!FileManager.default.fileExists(atPath: app.sessionFile.path))
    }

    @Test func anErrorFromTheBrowserIsSaid() async throws {
        let listener = FakeRedirectListener()
        let app = harness(listener: listener)
        let login = Task { await app.state.run(line: "/login matrix.org --sso") }
        try await waitUntil { !links(app.log).isEmpty }
        listener.answer.yield(.error("access_denied"))
        #expect(!(await login.value))
        #expect(app.log.failures == [.login(.refusedInBrowser("access_denied"))])
    }

    @Test func ctrlCStopsWaiting() async throws {
        let listener = FakeRedirectListener()
        let app = harness(listener: listener)
        let login = Task { await app.state.run(line: "/login matrix.org --sso") }
        try await waitUntil { !links(app.log).isEmpty }
        login.cancel()
        #expect(!(await login.value))
        #expect(app.log.failures == [.cancelled])
        #expect(!app.state.isLoggingIn)
    }

    @Test func noListenerNoLink() async {
        var auth = FakeAuthService()
        auth.offered = { _ throws(MatrixError) in Self.offered }
        let app = AppHarness(auth: auth)
        #expect(!(await app.state.run(line: "/login matrix.org")))
        #expect(app.log.failures == [.login(.redirectUnavailable)])
        #expect(links(app.log).isEmpty)
    }

    @Test func anUnknownProviderIsRefusedBeforeAnyLink() async {
        let app = harness(listener: FakeRedirectListener())
        #expect(!(await app.state.run(line: "/login matrix.org --sso gitlab")))
        #expect(app.log.failures == [.login(.unknownIdentityProvider("gitlab", offered: ["Mock IdP"]))])
        #expect(links(app.log).isEmpty)
    }
}
