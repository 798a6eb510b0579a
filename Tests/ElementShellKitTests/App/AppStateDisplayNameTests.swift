import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/nick`: the account's display name, shown as the server has it and set there.
@MainActor
@Suite struct AppStateDisplayNameTests {
    typealias Membership = AppStateMembershipTests

    @Test func nickShowsTheNameTheServerHasAndSetsANewOne() async throws {
        let set = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.setOwnName = { name throws(MatrixError) in await set.append(name) }
        let app = try await Membership().loggedIn(rooms)

        #expect(await app.state.run(line: "/nick"))
        #expect(app.log.outcomes.last == .session(.displayName("Alice", userID: "@alice:example", changed: false)))
        #expect(await app.state.run(line: "/nick  Alice  in Wonderland "))
        #expect(await set.values == ["Alice  in Wonderland"], "the rest of the line, its own spaces kept")
        #expect(app.log.outcomes.last == .session(.displayName("Alice  in Wonderland", userID: "@alice:example", changed: true)))
        let line = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: Report(content: .result(command: "nick", outcome: try #require(app.log.outcomes.last)), location: nil))
        #expect(line == ["Your display name is now Alice  in Wonderland."])
    }

    @Test func anAccountWithoutANameIsShownByItsID() async throws {
        var rooms = FakeRoomService()
        rooms.ownName = { () throws(MatrixError) in nil }
        let app = try await Membership().loggedIn(rooms)
        #expect(await app.state.run(line: "/nick"))
        let line = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: Report(content: .result(command: "nick", outcome: try #require(app.log.outcomes.last)), location: nil))
        #expect(line == ["You have no display name: rooms show you as @alice:example."])
    }

    @Test func aNameTheServerRefusesIsReportedAndNothingElseChanges() async throws {
        var rooms = FakeRoomService()
        let tooLong = MatrixError.server(errcode: "M_INVALID_PARAM", message: "Displayname is too long (max 256)", status: 400)
        rooms.setOwnName = { _ throws(MatrixError) in throw tooLong }
        let app = try await Membership().loggedIn(rooms)
        #expect(!(await app.state.run(line: "/nick " + String(repeating: "x", count: 300))))
        #expect(app.log.failures == [.matrix(tooLong)])
        #expect(await app.state.run(line: "/nick"), "the next one goes on as before")
    }

    @Test func nickNeedsASession() async {
        let app = AppHarness()
        #expect(!(await app.state.run(line: "/nick Alice")))
        #expect(app.log.failures == [.notLoggedIn])
    }
}
