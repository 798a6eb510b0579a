import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Each command declares in the table what it needs (`CommandNeeds`); `send` checks it before the
/// handler runs and reports what is missing under the command's own name.
@MainActor
@Suite struct AppStateCommandNeedsTests {
    typealias Messaging = AppStateMessagingTests
    typealias Membership = AppStateMembershipTests

    /// A line of every command of the table, in its plain form: no room named, no `--all`.
    static let samples: [CommandName: String] = [
        .help: "/help", .login: "/login matrix.org alice", .logout: "/logout!", .whoami: "/whoami", .nick: "/nick Al", .account: "/account", .reconnect: "/reconnect",
        .me: "/me waves", .notice: "/notice hi", .reply: "/reply ^ hi", .thread: "/thread ^", .threads: "/threads", .back: "/back",
        .edit: "/edit ^ hi", .react: "/react ^ :+1:", .unreact: "/unreact ^ :+1:", .redact: "/redact ^",
        .upload: "/upload /nonexistent/cat.png", .download: "/download ^", .view: "/view ^", .links: "/links", .link: "/link 1", .plain: "/plain hi", .html: "/html <b>hi</b>",
        .draft: "/draft later", .drafts: "/drafts", .queue: "/queue", .resend: "/resend", .cancel: "/cancel",
        .rooms: "/rooms", .open: "/open Lobby", .read: "/read", .search: "/search cats", .history: "/history", .last: "/last 3", .unread: "/unread", .unreadMark: "/unread-mark",
        .members: "/members", .topic: "/topic Cats", .name: "/name Cats", .joinrule: "/joinrule invite", .notify: "/notify mute", .ignore: "/ignore @eve:hs", .unignore: "/unignore @eve:hs", .ignored: "/ignored", .invites: "/invites", .report: "/report! ^ spam", .forget: "/forget Nowhere", .join: "/join #cats:hs", .leave: "/leave",
        .accept: "/accept", .decline: "/decline", .create: "/create Cats", .dm: "/dm @bob:hs",
        .invite: "/invite @bob:hs", .kick: "/kick @bob:hs", .roles: "/roles", .poll: "/poll Q? a b", .vote: "/vote ^ 1", .endpoll: "/endpoll ^", .directory: "/directory", .knock: "/knock #club:hs", .knocks: "/knocks", .upgrade: "/upgrade! 12", .pins: "/pins", .pin: "/pin ^", .unpin: "/unpin ^", .op: "/op @bob:hs", .deop: "/deop @bob:hs", .ban: "/ban @bob:hs", .unban: "/unban @bob:hs",
        .spaces: "/spaces", .space: "/space Team", .spaceKick: "/space-kick Team @bob:hs",
        .devices: "/devices", .verify: "/verify @bob:hs PHONE", .verification: "/verification", .unverify: "/unverify @bob:hs PHONE",
        .keys: "/keys export /nonexistent/keys.txt", .encrypt: "/encrypt!", .recovery: "/recovery", .backup: "/backup", .whois: "/whois @bob:hs",
        .config: "/config", .set: "/set", .source: "/source script.es", .alias: "/alias greet /echo hi", .unalias: "/unalias greet",
        .aliases: "/aliases", .echo: "/echo hi", .after: "/after 3600 /echo later", .wait: "/wait sent", .quit: "/quit",
        .viewSource: "/view-source ^", .labs: "/labs", .reportProblem: "/report-problem",
    ]

    /// The commands that send a message, and report as a plain line does.
    static let sendingAMessage: Set<CommandName> = [.me, .notice, .plain, .html]

    /// A homeserver that notes the requests the open room's commands make.
    static func noting(_ requests: Recorder<String>) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.members = { _ throws(MatrixError) in await requests.append("members"); return [:] }
        rooms.texts = { _, _, _ throws(MatrixError) in await requests.append("state") }
        rooms.older = { _, _, _ throws(MatrixError) in await requests.append("messages"); return OlderEvents(events: [], next: nil) }
        rooms.searching = { _, roomID throws(MatrixError) in await requests.append("search \(roomID ?? "everywhere")"); return [] }
        rooms.levels = { _ throws(MatrixError) in await requests.append("power levels"); throw .forbidden(message: "no") }
        rooms.read = { _, roomID, _ throws(MatrixError) in await requests.append("receipt \(roomID)") }
        return rooms
    }

    /// Turns every developer flag on, so the checks meet each command the table has.
    static func offerEveryCommand(in app: AppHarness) async {
        for flag in DeveloperOptions.Flag.allCases { await app.state.run(line: "/set \(flag.settingName) on") }
    }

    /// The results reported since the `start`th report.
    func results(of app: AppHarness, since start: Int = 0) -> [Report.Content] {
        app.log.reports.dropFirst(start).map(\.content).filter { if case .result = $0 { true } else { false } }
    }

    func sample(_ spec: CommandSpec) throws -> String {
        try #require(Self.samples[spec.command], "a sample line of /\(spec.name)")
    }

    @Test func everyCommandDeclaresWhatItsLineNeeds() throws {
        #expect(Set(CommandTable.all.map(\.command)) == Set(CommandName.allCases).subtracting([.message]),
                "every name but a plain line's is a command of the table")
        for spec in CommandTable.all {
            let action = try #require(try CommandParser.parse(try sample(spec)))
            #expect(action.needs == spec.needs, "/\(spec.name)")
            #expect(action.command == (Self.sendingAMessage.contains(spec.command) ? .message : spec.command), "/\(spec.name)")
        }
        let plainLine = try #require(try CommandParser.parse("hello"))
        #expect(plainLine.command == .message && plainLine.needs == CommandTable.plainLineNeeds)
        #expect(Self.sendingAMessage.allSatisfy { CommandTable.needs(of: $0) == CommandTable.plainLineNeeds })
    }

    @Test func withoutASessionTheCheckFailsEachCommandUnderItsNameBeforeItsHandlerRuns() async throws {
        let requests = Recorder<String>()
        var auth = FakeAuthService()
        auth.identify = { session throws(MatrixError) in
            await requests.append("whoami")
            return TokenOwner(userID: session.userID, deviceID: nil)
        }
        auth.logOut = { _ throws(MatrixError) in await requests.append("logout") }
        let app = AppHarness(auth: auth)
        await Self.offerEveryCommand(in: app)
        for spec in CommandTable.all where spec.needs != .nothing {
            let start = app.log.reports.count
            #expect(!(await app.state.run(line: try sample(spec))))
            // A line sent without a session had no room to go to, which is what it is told.
            let expected: Report.Content = spec.needs == CommandTable.plainLineNeeds
                ? .result(command: "message", outcome: .failure(.noRoomOpen))
                : .result(command: spec.name, outcome: .failure(.notLoggedIn))
            #expect(results(of: app, since: start) == [expected], "/\(spec.name)")
        }
        #expect(await requests.values.isEmpty, "no handler asked the homeserver")
    }

    @Test func withoutAnOpenRoomTheCheckFailsEachCommandUnderItsNameBeforeItsHandlerRuns() async throws {
        let requests = Recorder<String>()
        let app = try await Membership().loggedIn(Self.noting(requests))
        await Self.offerEveryCommand(in: app)
        for spec in CommandTable.all where spec.needs == .openRoom || spec.needs == CommandTable.plainLineNeeds {
            let start = app.log.reports.count
            #expect(!(await app.state.run(line: try sample(spec))))
            let command = Self.sendingAMessage.contains(spec.command) ? "message" : spec.name
            #expect(results(of: app, since: start) == [.result(command: command, outcome: .failure(.noRoomOpen))], "/\(spec.name)")
        }
        #expect(await requests.values.isEmpty, "no handler asked the homeserver")
        #expect(try await app.state.store?.outbox() == [], "nor queued anything")
    }

    @Test func aSignedOutSessionIsNamedAndLogoutStillEndsIt() async throws {
        let app = AppHarness(sync: AppStateSignOutTests.signingOut(softLogout: true))
        await Self.offerEveryCommand(in: app)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.signedOutSession != nil }
        for spec in CommandTable.all where spec.needs == .session || spec.needs == .openRoom {
            let start = app.log.reports.count
            #expect(!(await app.state.run(line: try sample(spec))))
            #expect(results(of: app, since: start) == [.result(command: spec.name, outcome: .failure(.signedOut(userID: "@alice:example")))],
                    "/\(spec.name)")
        }
        #expect(await app.state.run(line: "/logout!"))
        #expect(results(of: app).last == .result(command: "logout", outcome: .session(.loggedOut(userID: "@alice:example"))))
        #expect(app.state.signedOutSession == nil)
        #expect(!(await app.state.run(line: "/logout!")))
        #expect(results(of: app).last == .result(command: "logout", outcome: .failure(.notLoggedIn)))
    }

    @Test func aRoomNamedOrEveryRoomSearchedNeedsNoOpenRoom() async throws {
        let requests = Recorder<String>()
        let app = try await Membership().loggedIn(Self.noting(requests))
        for line in ["/search cats", "/search --all cats", "/read", "/read Lobby", "/leave", "/leave Lobby"] {
            await app.state.run(line: line)
        }
        #expect(results(of: app).dropFirst() == [
            .result(command: "search", outcome: .failure(.noRoomOpen)),
            .result(command: "search", outcome: .room(.searchResults([], encryptedNotSearched: false))),
            .result(command: "read", outcome: .failure(.noRoomOpen)),
            .result(command: "read", outcome: .room(.markedRead(roomName: "Lobby"))),
            .result(command: "leave", outcome: .failure(.noRoomOpen)),
            .result(command: "leave", outcome: .room(.left(roomName: "Lobby"))),
        ])
        #expect(await requests.values == ["search everywhere", "receipt !lobby:hs"])
    }

    @Test func waitNeedsWhatItWaitsFor() async {
        let app = AppHarness()
        #expect(await app.state.run(line: "/wait sent"))
        #expect(!(await app.state.run(line: "/wait message hi")))
        #expect(!(await app.state.run(line: "/wait sync")))
        #expect(results(of: app) == [
            .result(command: "wait", outcome: .done),
            .result(command: "wait", outcome: .failure(.noRoomOpen)),
            .result(command: "wait", outcome: .failure(.notLoggedIn)),
        ])
    }

    @Test func argumentsAskForLessThanTheTableOrForSomethingElse() {
        #expect(Action.room(.search(text: "cats", everywhere: false)).needs == .openRoom)
        #expect(Action.room(.search(text: "cats", everywhere: true)).needs == .session)
        #expect(Action.room(.markRead(target: nil)).needs == .openRoom)
        #expect(Action.room(.markRead(target: "Lobby")).needs == .session)
        #expect(Action.room(.leave(target: nil)).needs == .openRoom)
        #expect(Action.room(.leave(target: "Lobby")).needs == .session)
        #expect(Action.scripting(.waitUntilSent(timeout: 1)).needs == .nothing)
        #expect(Action.scripting(.waitForSync(timeout: 1)).needs == .session)
        #expect(Action.scripting(.waitForMessage(containing: "hi", timeout: 1)).needs == .roomForMessages)
    }

    /// The other half of the bargain: on no more than its needs promise (nothing, a session
    /// without an open room, an open room), every handler finds what it takes from the check
    /// (`CommandContext` would stop the run otherwise) and ends in one result of its own.
    @Test func everyHandlerRunsOnWhatItsNeedsPromise() async throws {
        let loggedOut = AppHarness()
        let signedIn = try await Membership().loggedIn()
        for spec in CommandTable.all {
            let app: AppHarness
            switch spec.needs {
            case .nothing: app = loggedOut
            case .anySession: app = try await Membership().loggedIn()
            case .session, .openRoom, .roomForMessages:
                app = signedIn
                app.state.commit { state in
                    state.currentRoomID = spec.needs == .session ? nil : "!lobby:hs"
                    state.currentThreadRoot = nil
                }
            }
            let start = app.log.reports.count
            await app.state.run(line: try sample(spec))
            let reported = results(of: app, since: start)
            #expect(reported.count == 1, "/\(spec.name)")
            #expect(![.failure(.notLoggedIn), .failure(.noRoomOpen)].contains(reported.first.flatMap(\.outcome)), "/\(spec.name)")
        }
        await loggedOut.state.send(ShellAction.end)
    }
}

private extension Report.Content {
    var outcome: Outcome? {
        if case .result(_, let outcome) = self { outcome } else { nil }
    }
}
