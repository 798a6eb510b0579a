import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateSessionTests {
    @Test func loginStoresTheSessionPrivatelyAndReportsIt() async throws {
        let seen = Recorder<String>()
        var auth = FakeAuthService()
        auth.logIn = { url, user, password, deviceName, _ throws(MatrixError) in
            await seen.append("\(user) \(password) \(deviceName)")
            return Session(userID: "@alice:example", deviceID: "DEV1", accessToken: "syt_secret", homeserverURL: url)
        }
        let app = AppHarness(auth: auth)

        #expect(await app.state.run(line: "/login matrix.org alice"))

        #expect(app.state.session?.userID == "@alice:example")
        #expect(await seen.values == ["alice hunter2 Element: testhost"])
        #expect(app.log.outcomes.last == .session(.loggedIn(SessionSummary(userID: "@alice:example", deviceID: "DEV1", homeserverURL: URL(string: "https://hs.example")!))))
        let attributes = try FileManager.default.attributesOfItem(atPath: app.sessionFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(!app.state.isLoggingIn)
    }

    @Test func aConfiguredNameStandsForItsServerName() async {
        let resolved = Recorder<String>()
        var auth = FakeAuthService()
        auth.resolve = { input throws(MatrixError) in
            await resolved.append(input)
            return URL(string: "https://clap.ac")!
        }
        let app = AppHarness(profile: "clap", auth: auth)
        #expect(await app.state.run(line: "/login clap-dev bob"))
        #expect(await resolved.values == ["dev.clap.ac"])
    }

    @Test func aForkProfileRefusesOtherHomeservers() async {
        let app = AppHarness(profile: "clap")
        #expect(!(await app.state.run(line: "/login matrix.org bob")))
        #expect(!(await app.state.run(line: "/login evil.example bob")))
        #expect(app.log.failures == [
            .homeserverNotAllowed("matrix.org", allowed: ["clap", "clap-dev"]),
            .homeserverNotAllowed("evil.example", allowed: ["clap", "clap-dev"]),
        ])
        #expect(app.state.session == nil)
        #expect(await app.state.run(line: "/login clap.ac bob"))
    }

    @Test func loginFailuresLeaveNoSession() async {
        var auth = FakeAuthService()
        auth.logIn = { _, _, _, _, _ throws(MatrixError) in throw .forbidden(message: "Invalid password") }
        let app = AppHarness(auth: auth)
        #expect(!(await app.state.run(line: "/login matrix.org alice")))
        #expect(app.log.failures == [.matrix(.forbidden(message: "Invalid password"))])
        #expect(app.state.session == nil)
        #expect(!FileManager.default.fileExists(atPath: app.sessionFile.path))
    }

    @Test(arguments: [
        (PasswordAnswer.missing, ShellError.passwordUnavailable),
        (.cancelled, .cancelled),
        (.unreadableFile(path: "/pw"), .passwordFileUnreadable(path: "/pw")),
    ])
    func noPasswordMeansNoRequest(answer: PasswordAnswer, error: ShellError) async {
        var auth = FakeAuthService()
        auth.logIn = { _, _, _, _, _ throws(MatrixError) in Issue.record("login must not be called"); throw .notFound }
        let app = AppHarness(auth: auth, password: answer)
        #expect(!(await app.state.run(line: "/login matrix.org alice")))
        #expect(app.log.failures == [error])
        #expect(!app.state.isLoggingIn)
    }

    @Test func thePasswordIsAskedOnlyOfAServerThatTakesOne() async {
        let asked = Recorder<String>()
        var auth = FakeAuthService()
        auth.offered = { _ throws(MatrixError) in .none }
        let app = AppHarness(auth: auth)
        #expect(!(await app.state.run(line: "/login matrix.org alice")))
        #expect(app.log.failures == [.login(.noUsableMethod)])
        #expect(await asked.values.isEmpty)

        var unreachable = FakeAuthService()
        unreachable.resolve = { _ throws(MatrixError) in throw .transport(.cannotConnect("nowhere.example")) }
        let other = AppHarness(auth: unreachable, password: .cancelled)
        #expect(!(await other.state.run(line: "/login nowhere.example alice")))
        #expect(other.log.failures == [.matrix(.transport(.cannotConnect("nowhere.example")))], "not asked, so not cancelled")
    }

    @Test func passwordAnswersNeverShowThePassword() {
        #expect(String(describing: PasswordAnswer.password("hunter2")) == "password(<redacted>)")
        #expect(!String(describing: TrustAction.recover(key: "EsTV i3LB yDwN")).contains("EsTV"))
    }

    @Test func oneSessionAtATime() async {
        let app = AppHarness()
        await app.state.run(line: "/login matrix.org alice")
        #expect(!(await app.state.run(line: "/login matrix.org bob")))
        #expect(app.log.failures == [.alreadyLoggedIn(userID: "@alice:example")])
    }

    @Test func logoutAsksFirstAndBatchModeNeedsTheBang() async {
        let app = AppHarness(confirm: nil)
        await app.state.run(line: "/login matrix.org alice")
        #expect(!(await app.state.run(line: "/logout")))
        #expect(app.log.failures == [.confirmationRequired(command: "logout")])
        #expect(app.state.session != nil)

        #expect(await app.state.run(line: "/logout!"))
        #expect(app.state.session == nil)
        #expect(!FileManager.default.fileExists(atPath: app.sessionFile.path))
        #expect(app.log.outcomes.last == .session(.loggedOut(userID: "@alice:example")))
    }

    @Test func answeringTheQuestionResendsTheAction() async {
        let yes = AppHarness(confirm: true)
        await yes.state.run(line: "/login matrix.org alice")
        #expect(await yes.state.run(line: "/logout"))
        #expect(yes.state.session == nil)

        let no = AppHarness(confirm: false)
        await no.state.run(line: "/login matrix.org alice")
        #expect(!(await no.state.run(line: "/logout")))
        #expect(no.log.failures == [.cancelled])
        #expect(no.state.session != nil)
    }

    @Test func aSessionTheServerForgotIsSignedOutHereWithItsDataKept() async throws {
        var auth = FakeAuthService()
        auth.identify = { _ throws(MatrixError) in throw .unknownToken(softLogout: false) }
        auth.logOut = { _ throws(MatrixError) in throw .unknownToken(softLogout: false) }
        let app = AppHarness(auth: auth)
        await app.state.run(line: "/login matrix.org alice")
        #expect(!(await app.state.run(line: "/whoami")))
        #expect(app.state.session == nil)
        #expect(app.state.signedOutSession?.signOut == .deviceRemoved)
        let stored = try #require(try await SessionStore(directory: app.directory.url).load())
        #expect(stored.signOut == .deviceRemoved, "a restart knows it is signed out")

        await app.state.run(line: "/login matrix.org alice")
        #expect(app.state.session != nil && app.state.signedOutSession == nil)
        #expect(await app.state.run(line: "/logout!"))
        #expect(app.state.session == nil)
        #expect(!FileManager.default.fileExists(atPath: app.sessionFile.path))
    }

    /// A line `/after` runs while a login starts its session finds no session yet: `/logout!`
    /// does not end one half-started, and ends it only once the login has reported. Where the
    /// timer's line lands depends on the store's threads, so the race is run many times.
    @Test func aLineRunWhileALoginStartsItsSessionFindsNoSessionYet() async throws {
        for _ in 1...30 {
            let clock = TestClock()
            var auth = FakeAuthService()
            let logIn = auth.logIn
            auth.logIn = { url, user, password, deviceName, deviceID throws(MatrixError) in
                // The line is due as the server answers: it runs while the session starts.
                clock.advance(by: .seconds(1))
                return try await logIn(url, user, password, deviceName, deviceID)
            }
            let app = AppHarness(auth: auth, clock: clock)
            await app.state.run(line: "/after 1 /logout!")
            await clock.sleepers(atLeast: 1)
            #expect(await app.state.run(line: "/login matrix.org alice"))
            try await waitUntil { app.log.outcomes.count == 3 }

            let results = app.log.reports.compactMap { report -> (command: String, outcome: Outcome)? in
                if case .result(let command, let outcome) = report.content { (command, outcome) } else { nil }
            }
            let login = try #require(results.firstIndex { $0.command == "login" })
            let logout = try #require(results.firstIndex { $0.command == "logout" })
            let summary = SessionSummary(userID: "@alice:example", deviceID: "DEVICE", homeserverURL: URL(string: "https://hs.example")!)
            #expect(results[login].outcome == .session(.loggedIn(summary)))
            switch results[logout].outcome {
            case .failure(.notLoggedIn): #expect(app.state.session != nil && app.state.store != nil)
            case .session(.loggedOut): #expect(logout > login && app.state.session == nil && app.state.store == nil)
            case let other: Issue.record("\(other)")
            }
        }
    }

    @Test func commandsThatNeedASession() async {
        let app = AppHarness()
        #expect(!(await app.state.run(line: "/whoami")))
        #expect(!(await app.state.run(line: "/logout!")))
        #expect(app.log.failures == [.notLoggedIn, .notLoggedIn])
    }

    /// A store that cannot be opened (a file where its directory goes, a newer client's
    /// database) leaves the session logged in without it: commands say the store is the
    /// trouble, not that nobody is logged in, and `/logout!` still clears the way.
    @Test func aStoreThatCannotBeOpenedIsSaidToBeTheTrouble() async throws {
        let app = AppHarness()
        let session = Session(userID: "@alice:example", deviceID: "DEV1", accessToken: "t", homeserverURL: URL(string: "https://hs.example")!)
        let blocked = StoreLocation.directory(for: session, dataDirectory: app.directory.url.path)
        try FileManager.default.createDirectory(at: blocked.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: blocked)
        #expect(await app.state.run(line: "/login matrix.org alice"))
        #expect(app.state.session != nil)
        #expect(!(await app.state.run(line: "/rooms")))
        #expect(!(await app.state.run(line: "hello")))
        #expect(app.log.failures == [.storeUnavailable, .storeUnavailable])
        #expect(await app.state.run(line: "/logout!"))
        #expect(app.state.session == nil && !app.state.storeFailed)
    }

    @Test func aDamagedSessionFileIsNoSession() async throws {
        let app = AppHarness()
        try Data("{\"userID\": 3".utf8).write(to: app.sessionFile)
        await app.state.send(.resumeSession)
        #expect(app.state.session == nil)
        #expect(app.log.reports.isEmpty)
        #expect(await app.state.run(line: "/login matrix.org alice"))
    }

    @Test func aStoredSessionIsResumedWithoutAsking() async throws {
        let app = AppHarness()
        await app.state.run(line: "/login matrix.org alice")
        let stored = try #require(app.state.session)

        let restarted = AppHarness(password: .missing)
        try FileManager.default.copyItem(at: app.sessionFile, to: restarted.sessionFile)
        await restarted.state.send(.resumeSession)
        #expect(restarted.state.session == stored)
        #expect(restarted.log.reports.first?.content == .sessionResumed(SessionSummary(userID: "@alice:example", deviceID: "DEVICE", homeserverURL: URL(string: "https://hs.example")!)))
    }
}

