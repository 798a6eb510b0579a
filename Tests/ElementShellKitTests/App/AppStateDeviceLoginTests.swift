import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/login` by OAuth 2.0's device authorization grant, over a fake authorization server and the
/// test clock: the code shown, polled at the server's pace, every way it can end.
@MainActor
struct AppStateDeviceLoginTests {
    nonisolated static let metadata = AuthMetadata(
        issuer: "https://auth.example/", tokenEndpoint: URL(string: "https://auth.example/token")!,
        registrationEndpoint: URL(string: "https://auth.example/register")!, deviceAuthorizationEndpoint: URL(string: "https://auth.example/device")!,
        revocationEndpoint: URL(string: "https://auth.example/revoke")!, accountManagementURI: URL(string: "https://auth.example/account")!)
    nonisolated static let tokens = IssuedTokens(accessToken: "oauth-access", refreshToken: "oauth-refresh", expiresIn: .seconds(300))

    /// A server that answers the polls with `answers`, in order (then `pending`).
    func harness(answers: [DeviceTokenAnswer], clock: TestClock, registrations: Recorder<String> = Recorder(),
                 scopes: Recorder<String> = Recorder(), sharing directory: TemporaryDirectory? = nil,
                 config: ShellConfig = .default, profile: String = "element") -> AppHarness {
        let queue = AnswerQueue(answers)
        var auth = FakeAuthService()
        auth.offered = { _ throws(MatrixError) in OfferedLogins(oauth: Self.metadata, password: true, identityProviders: []) }
        auth.metadata = { _ throws(MatrixError) in Self.metadata }
        auth.register = { registration, _ throws(MatrixError) in
            await registrations.append(registration.clientName)
            return "client-\(await registrations.values.count)"
        }
        auth.authorize = { clientID, scope, _ throws(MatrixError) in
            await scopes.append(scope)
            return DeviceAuthorization(deviceCode: "device-code", userCode: "WDJB-MJHT", verificationURI: URL(string: "https://auth.example/link")!,
                                       verificationURIComplete: URL(string: "https://auth.example/link?code=WDJB-MJHT")!, expiresIn: 60, interval: 5)
        }
        auth.poll = { _, _ in await queue.next() }
        auth.identify = { session throws(MatrixError) in
            #expect(session.accessToken == "oauth-access")
            return TokenOwner(userID: "@carol:example", deviceID: session.deviceID)
        }
        auth.logIn = { _, _, _, _, _ throws(MatrixError) in Issue.record("no password login"); throw .notFound }
        return AppHarness(profile: profile, config: config, auth: auth, clock: clock, sharing: directory)
    }

    actor AnswerQueue {
        var answers: [DeviceTokenAnswer]
        init(_ answers: [DeviceTokenAnswer]) { self.answers = answers }
        func next() -> DeviceTokenAnswer { answers.isEmpty ? .pending : answers.removeFirst() }
    }

    var prompts: (ReportLog) -> [DeviceCodePrompt] {
        { log in log.reports.compactMap { if case .deviceCode(let prompt) = $0.content { prompt } else { nil } } }
    }

    /// Moves the clock one poll interval on each time the login sleeps, `count` times.
    func poll(_ clock: TestClock, times count: Int, every interval: Duration = .seconds(5)) async {
        for _ in 0..<count {
            await clock.sleepers(atLeast: 1)
            clock.advance(by: interval)
        }
    }

    @Test func theCodeIsShownAndItsApprovalLogsIn() async throws {
        let clock = TestClock(), scopes = Recorder<String>(), registrations = Recorder<String>()
        let app = harness(answers: [.pending, .slowDown, .tokens(Self.tokens)], clock: clock, registrations: registrations, scopes: scopes)
        let login = Task { await app.state.run(line: "/login matrix.org") }
        await poll(clock, times: 2)
        await poll(clock, times: 1, every: .seconds(10))
        #expect(await login.value)
        let prompt = try #require(prompts(app.log).first)
        #expect(prompt.userCode == "WDJB-MJHT" && prompt.verificationURIComplete?.absoluteString == "https://auth.example/link?code=WDJB-MJHT")
        let session = try #require(app.state.session)
        #expect(session.userID == "@carol:example" && session.accessToken == "oauth-access" && session.refreshToken == "oauth-refresh")
        #expect(session.oauth == OAuthSession(issuer: "https://auth.example/", clientID: "client-1",
                                              tokenEndpoint: URL(string: "https://auth.example/token")!, revocationEndpoint: URL(string: "https://auth.example/revoke")!))
        let scope = try #require(await scopes.values.first)
        #expect(scope == "urn:matrix:client:api:* urn:matrix:client:device:\(session.deviceID)")
        #expect(session.deviceID.count == 10 && session.deviceID.allSatisfy(\.isUppercase))
        #expect(await registrations.values == ["Element"], "registered as the profile's app")
        let stored = try #require(try await SessionStore(directory: app.directory.url).load())
        #expect(stored.oauth == session.oauth, "the next run renews at the same server")
        #expect(try String(contentsOf: app.sessionFile, encoding: .utf8).contains("oauth-refresh"))
    }

    /// Element shows a QR code of the link for a phone to scan; Clap does not, until its flag is on.
    @Test(arguments: [("element", true), ("clap", false)])
    func theQRCodeIsOfferedAsTheProfileSays(profile: String, showsQRCode: Bool) async throws {
        for flipped in [false, true] {
            let clock = TestClock(), flag = flipped ? !showsQRCode : showsQRCode
            let app = harness(answers: [.tokens(Self.tokens)], clock: clock, profile: profile)
            // Clap logs in only to its own servers: the fake one is matrix.org.
            await app.state.run(line: "/set developer.show_custom_homeserver on")
            if flipped { await app.state.run(line: "/set developer.show_qr_code_login \(flag ? "on" : "off")") }
            let login = Task { await app.state.run(line: "/login matrix.org") }
            await poll(clock, times: 1)
            #expect(await login.value)
            #expect(prompts(app.log).map(\.showsQRCode) == [flag], "\(profile)")
        }
    }

    @Test func theClientIsRegisteredOncePerServer() async throws {
        let clock = TestClock(), registrations = Recorder<String>(), directory = TemporaryDirectory()
        let first = harness(answers: [.tokens(Self.tokens), .tokens(Self.tokens)], clock: clock, registrations: registrations, sharing: directory)
        let login = Task { await first.state.run(line: "/login matrix.org") }
        await poll(clock, times: 1)
        #expect(await login.value)
        #expect(await first.state.run(line: "/logout!"))
        let again = Task { await first.state.run(line: "/login matrix.org") }
        await poll(clock, times: 1)
        #expect(await again.value)
        #expect(await registrations.values.count == 1)
        #expect(first.state.session?.oauth?.clientID == "client-1")
        let file = directory.url.appending(path: "oauth-clients.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test(arguments: [(DeviceTokenAnswer.denied, LoginError.deviceCodeDenied), (.expired, .deviceCodeExpired),
                      (.error("invalid_grant"), .authorizationServer("invalid_grant"))])
    func aDecisionAgainstEndsWithoutASession(answer: DeviceTokenAnswer, error: LoginError) async {
        let clock = TestClock()
        let app = harness(answers: [.pending, answer], clock: clock)
        let login = Task { await app.state.run(line: "/login matrix.org") }
        await poll(clock, times: 2)
        #expect(!(await login.value))
        #expect(app.log.failures == [.login(error)])
        #expect(app.state.session == nil && !app.state.isLoggingIn)
        #expect(!FileManager.default.fileExists(atPath: app.sessionFile.path))
    }

    @Test func nobodyApprovingEndsWhenTheCodeExpires() async {
        let clock = TestClock()
        let app = harness(answers: [], clock: clock)
        let login = Task { await app.state.run(line: "/login matrix.org") }
        await poll(clock, times: 11)
        #expect(!(await login.value))
        #expect(app.log.failures == [.login(.deviceCodeExpired)])
    }

    @Test func ctrlCStopsWaiting() async throws {
        let clock = TestClock()
        let app = harness(answers: [], clock: clock)
        let login = Task { await app.state.run(line: "/login matrix.org") }
        await clock.sleepers(atLeast: 1)
        login.cancel()
        #expect(!(await login.value))
        #expect(app.log.failures == [.cancelled])
        #expect(!app.state.isLoggingIn)
    }

    @Test func aClientTheProfileRegisteredBeforehandIsUsedAsIs() async throws {
        let clock = TestClock(), registrations = Recorder<String>()
        let (config, _) = ConfigLoader.parse(yaml: "profiles:\n  element:\n    oidc:\n      static_registrations:\n        \"https://auth.example/\": FIXED\n",
                                             file: "config.yaml")
        let configured = harness(answers: [.tokens(Self.tokens)], clock: clock, registrations: registrations, config: config)
        let login = Task { await configured.state.run(line: "/login matrix.org") }
        await poll(clock, times: 1)
        #expect(await login.value)
        #expect(configured.state.session?.oauth?.clientID == "FIXED")
        #expect(await registrations.values.isEmpty)
    }

    @Test func accountShowsTheManagementPage() async throws {
        let clock = TestClock()
        let app = harness(answers: [.tokens(Self.tokens)], clock: clock)
        let login = Task { await app.state.run(line: "/login matrix.org") }
        await poll(clock, times: 1)
        #expect(await login.value)
        #expect(await app.state.run(line: "/account"))
        #expect(app.log.outcomes.last == .session(.accountManagement(URL(string: "https://auth.example/account")!)))
    }
}
