import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateMembershipTests {
    typealias Messaging = AppStateMessagingTests

    /// The Lobby (joined, with Bob) and two invites, listed "Book club" first (by ID, neither has activity).
    static var lobbyAndInvites: SyncResponse {
        var response = Messaging.lobby
        func invite(_ name: String) -> SyncResponse.InvitedRoom {
            .init(inviteState: [SyncEvent(type: "m.room.name", sender: "@bob:hs", stateKey: "", content: .object(["name": .string(name)]))])
        }
        response.rooms.invited = ["!party:hs": invite("Party"), "!books:hs": invite("Book club")]
        return response
    }

    func loggedIn(_ rooms: FakeRoomService = FakeRoomService(), sync: SyncResponse = Messaging.lobby) async throws -> AppHarness {
        let app = AppHarness(sync: Messaging.firstSync(sync), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    @Test func everyCommandNeedsASession() async {
        let app = AppHarness()
        for line in ["/accept", "/decline", "/create Team", "/dm @bob:hs", "/invite @bob:hs", "/kick @bob:hs", "/ban @bob:hs", "/unban @bob:hs"] {
            #expect(!(await app.state.run(line: line)), "\(line)")
        }
        #expect(app.log.failures == Array(repeating: .notLoggedIn, count: 8))
    }

    @Test func invitesAreAcceptedByNameOrFirstAndDeclinedByLeaving() async throws {
        let joined = Recorder<String>(), left = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.joinRoom = { address throws(MatrixError) in await joined.append(address.idOrAlias); return address.idOrAlias }
        rooms.leaveRoom = { roomID throws(MatrixError) in await left.append(roomID) }
        let app = try await loggedIn(rooms, sync: Self.lobbyAndInvites)

        #expect(!(await app.state.run(line: "/accept Lobby")))
        #expect(!(await app.state.run(line: "/accept nowhere")))
        #expect(app.log.failures == [.notInvited(roomName: "Lobby"), .unknownRoom("nowhere")])
        #expect(await app.state.run(line: "/decline par"))
        #expect(app.log.outcomes.last == .membership(.declined(roomName: "Party")))
        #expect(await app.state.run(line: "/accept"))
        #expect(app.log.outcomes.last == .room(.joined(roomID: "!books:hs", roomName: "Book club")), "named as invited, not by ID")
        #expect(app.state.currentRoomID == "!books:hs", "the accepted room is open")
        #expect(await joined.values == ["!books:hs"])
        #expect(await left.values == ["!party:hs"])
    }

    @Test func withoutInvitesAcceptSaysSoAndServerRefusalsAreTold() async throws {
        var rooms = FakeRoomService()
        rooms.leaveRoom = { _ throws(MatrixError) in throw .forbidden(message: "no") }
        let app = try await loggedIn()
        #expect(!(await app.state.run(line: "/accept")))
        #expect(app.log.failures == [.noInvites])

        let invited = try await loggedIn(rooms, sync: Self.lobbyAndInvites)
        #expect(!(await invited.state.run(line: "/decline Party")))
        #expect(invited.log.failures == [.matrix(.forbidden(message: "no"))])
    }

    @Test func createMakesTheRoomWithItsOptionsAndOpensIt() async throws {
        let asked = Recorder<RoomCreation>()
        var rooms = FakeRoomService()
        rooms.create = { creation throws(MatrixError) in await asked.append(creation); return "!team:hs" }
        let app = try await loggedIn(rooms)
        #expect(!(await app.state.run(line: "/create Team --alias te:am")))
        #expect(app.log.failures == [.invalidRoomAlias("te:am")])
        #expect(await app.state.run(line: "/create Team chat --alias team --topic Plans for Friday --public"))
        #expect(await asked.values == [RoomCreation(name: "Team chat", aliasLocalpart: "team", topic: "Plans for Friday", isPublic: true)])
        #expect(app.log.outcomes.last == .membership(.created(roomID: "!team:hs", alias: "#team:example", name: "Team chat")))
        #expect(app.state.currentRoomID == "!team:hs")

        #expect(await app.state.run(line: "/create Secrets --encrypted"))
        let created = try #require(app.log.reports.last)
        #expect(created.content == .result(command: "create", outcome: .membership(.created(roomID: "!team:hs", alias: nil, name: "Secrets", isEncrypted: true))))
        let line = L10n.$languageOverride.withValue("en") { TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: created) }
        #expect(line == ["Created Secrets, encrypted end to end; it is the open room now."], "the user is told it is encrypted")
    }

    @Test func aDirectChatIsReusedWhenJoinedAndOtherwiseStartedAndRecorded() async throws {
        let created = Recorder<RoomCreation>(), recorded = Recorder<DirectChats>()
        var rooms = FakeRoomService()
        rooms.direct = { () throws(MatrixError) in
            DirectChats(content: .object(["@bob:hs": .array([.string("!gone:hs"), .string("!lobby:hs")]), "@carol:hs": .array([.string("!old:hs")])]))
        }
        rooms.create = { creation throws(MatrixError) in await created.append(creation); return "!new:hs" }
        rooms.setDirect = { chats throws(MatrixError) in await recorded.append(chats) }
        let app = try await loggedIn(rooms)
        await app.state.run(line: "/open Lobby")

        #expect(await app.state.run(line: "/dm bob"), "Bob is a member of the open room, found by local part")
        #expect(app.log.outcomes.last == .membership(.directChat(roomID: "!lobby:hs", userID: "@bob:hs", isNew: false)))
        #expect(await created.values.isEmpty)

        #expect(await app.state.run(line: "/dm @carol:hs"), "carol's only DM is not joined")
        #expect(app.log.outcomes.last == .membership(.directChat(roomID: "!new:hs", userID: "@carol:hs", isNew: true)))
        #expect(app.state.currentRoomID == "!new:hs")
        #expect(await created.values == [RoomCreation(directChatPartner: "@carol:hs", isEncrypted: true)], "encrypted, as Element starts them")
        #expect(await recorded.values.first?.rooms(with: "@carol:hs") == ["!old:hs", "!new:hs"])
        #expect(await recorded.values.first?.rooms(with: "@bob:hs") == ["!gone:hs", "!lobby:hs"], "the rest is written back as it was")

        #expect(!(await app.state.run(line: "/dm nobody")))
        #expect(!(await app.state.run(line: "/dm @alice:example")))
        #expect(app.log.failures == [.unknownUser("nobody"), .directChatWithSelf])
    }

    /// A message that sync brings to a direct chat while `/dm` opens it prints after the answer,
    /// with its sender's name, or not at all, like anything that came before the chat opened.
    /// Where the two meet depends on the store's threads, so the race is run many times.
    @Test func aMessageArrivingWhileADirectChatOpensPrintsAfterTheAnswer() async throws {
        for _ in 1...50 {
            let asked = Messaging.Gate(), answer = Messaging.Gate()
            var rooms = FakeRoomService()
            rooms.direct = { () throws(MatrixError) in
                await asked.open()
                await answer.wait()
                return DirectChats(content: .object(["@bob:hs": .array([.string("!lobby:hs")])]))
            }
            let app = try await loggedIn(rooms)
            let hello = try await AppStateTimelineTests.commit([Messaging.event("hello", from: "@bob:hs", at: 2_000)], in: app)
            let opening = Task { await app.state.run(line: "/dm @bob:hs") }
            // The chat is found: `/dm` goes on to open it while sync applies.
            await asked.wait()
            let syncing = Task { await app.state.apply(.synced(hello)) }
            await answer.open()
            await syncing.value
            #expect(await opening.value)

            let answered = try #require(app.log.reports.firstIndex {
                $0.content == .result(command: "dm", outcome: .membership(.directChat(roomID: "!lobby:hs", userID: "@bob:hs", isNew: false)))
            })
            for (index, report) in app.log.reports.enumerated() {
                guard case .message(let message) = report.content else { continue }
                #expect(index > answered && message.senderName == "Bob", "\(index) \(answered) \(message.senderName)")
            }
        }
    }

    @Test func membershipChangesActOnTheOpenRoomWithTheReasonGiven() async throws {
        let done = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.changeMembership = { change, userID, roomID, reason throws(MatrixError) in
            await done.append("\(change) \(userID) in \(roomID): \(reason ?? "-")")
        }
        let app = try await loggedIn(rooms)
        #expect(!(await app.state.run(line: "/kick @bob:hs")))
        #expect(app.log.failures == [.noRoomOpen])
        await app.state.run(line: "/open Lobby")
        #expect(app.state.completionContext.userIDs == ["@alice:example", "@bob:hs"], "Tab offers the open room's members")
        #expect(await app.state.run(line: "/kick Bob too loud, sorry"))
        #expect(await app.state.run(line: "/invite @carol:hs"))
        #expect(await app.state.run(line: "/unban @spam:hs"))
        #expect(!(await app.state.run(line: "/ban Carol")), "carol is not a member, so only her ID names her")
        #expect(await done.values == ["kick @bob:hs in !lobby:hs: too loud, sorry", "invite @carol:hs in !lobby:hs: -", "unban @spam:hs in !lobby:hs: -"])
        #expect(app.log.outcomes.dropLast().last == .membership(.changed(.unban, userID: "@spam:hs", roomName: "Lobby")))
        #expect(app.log.failures.last == .unknownUser("Carol"))
    }

    @Test func powerLevelsRefuseBeforeTheServerIsAskedAndServerRefusalsStillShow() async throws {
        let asked = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.levels = { _ throws(MatrixError) in
            PowerLevels(content: .object(["users": .object(["@alice:example": 50, "@bob:hs": 50]), "ban": 100]),
                        create: .object(["sender": .string("@root:hs"), "content": .object(["room_version": .string("12")])]))
        }
        rooms.changeMembership = { change, _, _, _ throws(MatrixError) in
            await asked.append("\(change)")
            throw .forbidden(message: "You cannot invite that user")
        }
        let app = try await loggedIn(rooms)
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/ban @spam:hs")))
        #expect(!(await app.state.run(line: "/kick @bob:hs")))
        #expect(!(await app.state.run(line: "/kick @root:hs")))
        #expect(!(await app.state.run(line: "/invite @carol:hs")))
        #expect(app.log.failures == [
            .notPermitted(.ban, .levelTooLow(required: 100, own: 50)),
            .notPermitted(.kick, .outranked(userID: "@bob:hs", theirs: 50, own: 50)),
            .notPermitted(.kick, .outranked(userID: "@root:hs", theirs: PowerLevels.creatorLevel, own: 50)),
            .matrix(.forbidden(message: "You cannot invite that user")),
        ])
        #expect(await asked.values == ["invite"], "only the change the levels allow reaches the server")
    }

    @Test func refusalsNameTheLevelNeededInBothLanguages() {
        let tooLow = ShellError.notPermitted(.ban, .levelTooLow(required: 100, own: 50))
        let creator = ShellError.notPermitted(.kick, .outranked(userID: "@root:hs", theirs: PowerLevels.creatorLevel, own: 50))
        #expect(ErrorMessages.message(for: tooLow) == "/ban needs power level 100 in this room; yours is 50.")
        #expect(ErrorMessages.message(for: creator).contains("creator"))
        #expect(ErrorCodes.code(for: tooLow) == "power_level_too_low")
        L10n.$languageOverride.withValue("de") {
            #expect(ErrorMessages.message(for: tooLow) == "/ban braucht in diesem Raum die Berechtigungsstufe 100; deine ist 50.")
        }
    }
}
