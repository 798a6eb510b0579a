import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateSpacesTests {
    typealias Messaging = AppStateMessagingTests

    static func state(_ type: String, key: String = "", _ content: [String: JSONValue]) -> SyncEvent {
        SyncEvent(type: type, sender: "@carol:hs", stateKey: key, content: .object(content))
    }

    static func child(_ roomID: String, via: [String] = ["hs"]) -> SyncEvent {
        state("m.space.child", key: roomID, ["via": .array(via.map(JSONValue.string))])
    }

    static func room(_ name: String, unread: Int = 0, highlights: Int = 0, at time: Int64) -> SyncResponse.JoinedRoom {
        var room = SyncResponse.JoinedRoom()
        room.state = [state("m.room.name", ["name": .string(name)])]
        room.timeline = .init(events: [Messaging.event("in \(name)", from: "@bob:hs", at: time)])
        room.unreadNotifications = .init(notificationCount: unread, highlightCount: highlights)
        return room
    }

    /// The Lobby, and the space Team holding General and Random (joined) and Plans (not joined);
    /// Old is named without servers, so it is no child.
    static var teamSpace: SyncResponse {
        var response = Messaging.lobby
        var team = SyncResponse.JoinedRoom()
        team.state = [state("m.room.create", ["type": .string("m.space"), "room_version": .string("12")]),
                      state("m.room.name", ["name": .string("Team")]),
                      child("!general:hs"), child("!random:hs"), child("!plans:hs"), child("!old:hs", via: [])]
        response.rooms.joined["!team:hs"] = team
        response.rooms.joined["!general:hs"] = room("General", unread: 3, highlights: 1, at: 5_000)
        response.rooms.joined["!random:hs"] = room("Random", unread: 2, at: 3_000)
        response.rooms.joined["!old:hs"] = room("Old", at: 500)
        return response
    }

    func loggedIn(profile: String = "clap", _ rooms: FakeRoomService = FakeRoomService()) async throws -> AppHarness {
        let app = AppHarness(profile: profile, sync: Messaging.firstSync(Self.teamSpace), roomService: rooms)
        await app.state.run(line: profile == "clap" ? "/login clap alice" : "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    func names(_ outcome: Outcome?) -> [String] {
        switch outcome {
        case .room(.list(let rooms, _)), .space(.list(let rooms)), .space(.rooms(_, let rooms)): rooms.map(\.name.unsanitized)
        default: []
        }
    }

    @Test func everyCommandNeedsASession() async {
        let app = AppHarness()
        for line in ["/spaces", "/space Team", "/space-kick Team @bob:hs"] {
            #expect(!(await app.state.run(line: line)), "\(line)")
        }
        #expect(app.log.failures == Array(repeating: .notLoggedIn, count: 3))
    }

    @Test func syncTellsSpacesAndTheirChildrenAndALaterSyncRemovesOne() async throws {
        let store = try StoreWriter(url: TemporaryDirectory().url.appending(path: "store.sqlite"))
        try await store.apply(Self.teamSpace, userID: "@alice:example")
        var removal = SyncResponse(nextBatch: "s2")
        var team = SyncResponse.JoinedRoom()
        team.timeline = .init(events: [SyncEvent(type: "m.space.child", eventID: "$gone", sender: "@carol:hs", stateKey: "!random:hs",
                                                 originServerTS: 9_000, content: .object([:]))])
        removal.rooms.joined["!team:hs"] = team
        try await store.apply(removal, userID: "@alice:example")
        let rooms = Dictionary(uniqueKeysWithValues: try await store.rooms().map { ($0.roomID, $0) })
        #expect(rooms["!team:hs"]?.isSpace == true)
        #expect(rooms["!team:hs"]?.spaceChildren == ["!general:hs", "!plans:hs"])
        #expect(rooms["!general:hs"]?.isSpace == false)
        #expect(rooms["!general:hs"]?.spaceChildren == [])
    }

    @Test func clapGroupsASpacesRoomsUnderItAndOpeningTheSpaceListsThem() async throws {
        let app = try await loggedIn()
        #expect(await app.state.run(line: "/rooms"))
        #expect(names(app.log.outcomes.last) == ["Team", "Lobby", "Old"], "General and Random are in Team, the most recent")
        guard case .room(.list(let listed, _))? = app.log.outcomes.last else { Issue.record("no rooms"); return }
        #expect((listed[0].notificationCount, listed[0].highlightCount) == (5, 1), "Team adds up its rooms' unread counts")
        #expect(await app.state.run(line: "/open 1"))
        #expect(app.log.outcomes.last.map { if case .space(.rooms("Team", _)) = $0 { true } else { false } } == true)
        #expect(names(app.log.outcomes.last) == ["General", "Random"])
        #expect(app.state.currentRoomID == nil, "a grouped space is not somewhere to talk")
        #expect(await app.state.run(line: "/open gen"), "rooms inside a space are still found by name")
        #expect(app.state.currentRoomID == "!general:hs")
        #expect(await app.state.run(line: "/spaces"))
        #expect(names(app.log.outcomes.last) == ["Team"])
    }

    @Test func aSpaceCellShowsItsMembersAndTheNewestMessageOfItsRoomsAndMovesWithANewOne() async throws {
        let gate = Messaging.Gate()
        var later = SyncResponse(nextBatch: "s2")
        var random = SyncResponse.JoinedRoom()
        random.timeline = .init(events: [Messaging.event("fresh news", from: "@carol:hs", at: 9_000)])
        random.state = [Messaging.member("@carol:hs", name: "Carol")]
        later.rooms.joined["!random:hs"] = random
        var lobby = SyncResponse.JoinedRoom()
        lobby.timeline = .init(events: [Messaging.event("lobby talk", from: "@bob:hs", at: 7_000)])
        later.rooms.joined["!lobby:hs"] = lobby
        var team = Self.teamSpace
        team.rooms.joined["!team:hs"]?.summary.joinedMemberCount = 25
        let app = AppHarness(profile: "clap", sync: AppStateTimelineTests.responses([team, later], after: gate))
        await app.state.run(line: "/login clap alice")
        try await waitUntil { app.state.syncStatus == .live }

        #expect(await app.state.run(line: "/rooms"))
        guard case .room(.list(let listed, let cells))? = app.log.outcomes.last else { Issue.record("no rooms"); return }
        #expect(listed.map(\.name.unsanitized) == ["Team", "Lobby", "Old"])
        let cell = try #require(cells["!team:hs"])
        #expect(cell.joinedMemberCount == 25)
        #expect(cell.latest.map { [$0.roomName, $0.senderName, $0.body] } == ["General", "@bob:hs", "in General"])
        #expect(cells.count == 1, "only spaces have cells")

        await gate.open()
        try await waitUntil { app.state.rooms["!random:hs"]?.lastActivity == 9_000 && app.state.rooms["!lobby:hs"]?.lastActivity == 7_000 }
        #expect(await app.state.run(line: "/rooms"))
        guard case .room(.list(let moved, let newCells))? = app.log.outcomes.last else { Issue.record("no rooms"); return }
        #expect(moved.map(\.name.unsanitized) == ["Team", "Lobby", "Old"], "Random's message is newer than the Lobby's")
        #expect(newCells["!team:hs"]?.latest.map { [$0.roomName, $0.senderName, $0.body] } == ["Random", "Carol", "fresh news"])
        #expect(await app.state.run(line: "/rooms --unread"))
        guard case .room(.unread(let unread, let unreadCells))? = app.log.outcomes.last else { Issue.record("no unread rooms"); return }
        #expect(unread.map(\.number) == [1])
        #expect(unreadCells["!team:hs"]?.latest?.body == "fresh news")
    }

    @Test func withoutTheFlagNoRoomHasACell() async throws {
        let app = try await loggedIn(profile: "element")
        #expect(await app.state.run(line: "/rooms"))
        guard case .room(.list(_, let cells))? = app.log.outcomes.last else { Issue.record("no rooms"); return }
        #expect(cells.isEmpty)
    }

    @Test func withoutTheFlagSpacesAreRoomsLikeAnyOther() async throws {
        let app = try await loggedIn(profile: "element")
        #expect(await app.state.run(line: "/rooms"))
        #expect(names(app.log.outcomes.last) == ["General", "Random", "Lobby", "Old", "Team"])
        #expect(await app.state.run(line: "/open Team"))
        #expect(app.state.currentRoomID == "!team:hs")
    }

    @Test func theHierarchyIsReadPageByPageAndNumberedForJoin() async throws {
        let asked = Recorder<String?>(), joined = Recorder<RoomAddress>()
        var rooms = FakeRoomService()
        rooms.hierarchyPage = { spaceID, token throws(MatrixError) in
            await asked.append(token)
            if token == nil {
                return SpaceHierarchyPage(rooms: [
                    SpaceRoom(roomID: spaceID, name: "Team", isSpace: true, children: ["!general:hs": ["hs"], "!plans:hs": ["hs", "other.example"]]),
                    SpaceRoom(roomID: "!general:hs", name: "General", joinedMemberCount: 4),
                ], next: "page2")
            }
            return SpaceHierarchyPage(rooms: [SpaceRoom(roomID: "!plans:hs", canonicalAlias: "#plans:hs", joinedMemberCount: 2, joinRule: "public")], next: nil)
        }
        rooms.joinRoom = { address throws(MatrixError) in await joined.append(address); return address.idOrAlias }
        let app = try await loggedIn(rooms)

        #expect(await app.state.run(line: "/space Team"))
        #expect(await asked.values == [nil, "page2"])
        // General, joined, carries its unread counts and newest message from the store.
        var general = SpaceRoomEntry(SpaceRoom(roomID: "!general:hs", name: "General", joinedMemberCount: 4), via: ["hs"], membership: .join)
        (general.notificationCount, general.highlightCount) = (3, 1)
        general.latest = RoomPreview(roomID: "!general:hs", roomName: "General", senderName: "@bob:hs", body: "in General", timestamp: 5_000, msgtype: "m.text")
        #expect(app.log.outcomes.last == .space(.hierarchy(spaceName: "Team", rooms: [
            general,
            SpaceRoomEntry(SpaceRoom(roomID: "!plans:hs", canonicalAlias: "#plans:hs", joinedMemberCount: 2, joinRule: "public"), via: ["hs", "other.example"]),
        ], isComplete: true, offersManagement: true)))
        #expect(await app.state.run(line: "/join 2"))
        #expect(await joined.values == [RoomAddress(idOrAlias: "!plans:hs", via: ["hs", "other.example"])])
        #expect(app.state.currentRoomID == "!plans:hs")
        #expect(!(await app.state.run(line: "/join 3")))
        #expect(app.log.failures == [.invalidRoomAddress("3")])

        // The listing was the account's that logged out: another's `/join 2` finds nothing in it.
        #expect(await app.state.run(line: "/logout!"))
        await app.state.run(line: "/login clap bob")
        #expect(!(await app.state.run(line: "/join 2")))
        #expect(app.log.failures.last == .invalidRoomAddress("2"))
        #expect(await joined.values.count == 1)
    }

    @Test func aHugeHierarchyStopsAtItsBoundAndFailuresAreTold() async throws {
        let pages = Recorder<String?>()
        var rooms = FakeRoomService()
        rooms.hierarchyPage = { _, token throws(MatrixError) in
            await pages.append(token)
            let number = await pages.values.count
            return SpaceHierarchyPage(rooms: [SpaceRoom(roomID: "!r\(number):hs")], next: "p\(number)")
        }
        let app = try await loggedIn(rooms)
        #expect(await app.state.run(line: "/space !elsewhere:hs"), "a space we are not in is asked for by ID")
        #expect(await pages.values.count == AppState.hierarchyPageLimit)
        guard case .space(.hierarchy("!elsewhere:hs", let listed, false, _))? = app.log.outcomes.last else { Issue.record("not bounded"); return }
        #expect(listed.count == AppState.hierarchyPageLimit)

        #expect(!(await app.state.run(line: "/space Lobby")))
        var refusing = FakeRoomService()
        refusing.hierarchyPage = { _, _ throws(MatrixError) in throw .forbidden(message: "not in the space") }
        let refused = try await loggedIn(refusing)
        #expect(!(await refused.state.run(line: "/space 1")))
        #expect(app.log.failures + refused.log.failures == [.unknownSpace("Lobby"), .matrix(.forbidden(message: "not in the space"))])
    }

    @Test func spaceKickRemovesTheUserWhereverTheyAreOrAreInvitedAndReportsEachRoom() async throws {
        let kicked = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.readState = { roomID, type, userID throws(MatrixError) in
            #expect(type == "m.room.member" && userID == "@bob:hs")
            switch roomID {
            case "!team:hs": return ["membership": "invite"]
            case "!general:hs": throw .forbidden(message: "hidden")
            default: return nil
            }
        }
        rooms.levels = { roomID throws(MatrixError) in
            // In the Lobby Carol created the room, and kicking needs 50.
            let creator = roomID == "!team:hs" ? "@alice:example" : "@carol:hs"
            return PowerLevels(content: nil, create: .object(["sender": .string(creator), "content": .object(["room_version": .string("12")])]))
        }
        rooms.changeMembership = { change, userID, roomID, reason throws(MatrixError) in
            await kicked.append("\(change) \(userID) \(roomID) \(reason ?? "-")")
        }
        let app = try await loggedIn(rooms)

        #expect(!(await app.state.run(line: "/space-kick Team @bob:hs spam")), "not every room went well")
        #expect(await kicked.values == ["kick @bob:hs !team:hs spam"], "Bob's invite to Team is revoked")
        #expect(app.log.outcomes.last == .space(.kicked(userID: "@bob:hs", spaceName: "Team", results: [
            SpaceKickResult(roomID: "!team:hs", roomName: "Team", wasInvited: true),
            SpaceKickResult(roomID: "!general:hs", roomName: "General", error: .matrix(.forbidden(message: "hidden"))),
        ])), "Random is left alone: Bob is not in it")
    }

    @Test func spaceKickRefusesByPowerLevelAndNeedsASpaceAndAUser() async throws {
        var rooms = FakeRoomService()
        rooms.readState = { _, _, _ throws(MatrixError) in ["membership": "join"] }
        rooms.levels = { _ throws(MatrixError) in
            PowerLevels(content: .object(["users": .object(["@carol:hs": 100])]),
                        create: .object(["sender": .string("@carol:hs"), "content": .object(["room_version": .string("10")])]))
        }
        rooms.changeMembership = { _, _, _, _ throws(MatrixError) in Issue.record("kicked despite the power levels") }
        let app = try await loggedIn(rooms)
        #expect(!(await app.state.run(line: "/space-kick Lobby @bob:hs")))
        #expect(!(await app.state.run(line: "/space-kick Team bob")))
        #expect(app.log.failures == [.unknownSpace("Lobby"), .unknownUser("bob")])
        #expect(!(await app.state.run(line: "/space-kick Team @bob:hs")))
        let refusal = ShellError.notPermitted(.kick, .levelTooLow(required: 50, own: 0))
        #expect(app.log.outcomes.last == .space(.kicked(userID: "@bob:hs", spaceName: "Team", results: [
            SpaceKickResult(roomID: "!team:hs", roomName: "Team", error: refusal),
            SpaceKickResult(roomID: "!general:hs", roomName: "General", error: refusal),
            SpaceKickResult(roomID: "!random:hs", roomName: "Random", error: refusal),
        ])))

        var elsewhere = FakeRoomService()
        elsewhere.readState = { _, _, _ throws(MatrixError) in ["membership": "leave"] }
        let absent = try await loggedIn(elsewhere)
        #expect(!(await absent.state.run(line: "/space-kick Team @dave:hs")), "nobody to remove is no success")
        #expect(absent.log.outcomes.last == .space(.kicked(userID: "@dave:hs", spaceName: "Team", results: [])))
    }
}
