import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Clap's space management on a fake server: the state events each command sends, the power
/// checks that come first, and the flag that offers it all.
@MainActor
@Suite struct AppStateSpaceManagementTests {
    typealias Spaces = AppStateSpacesTests

    /// A state event sent: type, state key, content, room.
    struct SentState: Sendable, Equatable {
        var type: String, stateKey: String, content: JSONValue, roomID: String
    }

    /// A room service recording the state sent and the rooms created, where alice's level in
    /// `lowIn` is 0 under the spec's state default of 50.
    static func recording(_ sent: Recorder<SentState>, created: Recorder<RoomCreation> = Recorder(), lowIn: Set<String> = [],
                          state: [String: JSONValue] = [:]) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.writeState = { type, key, content, roomID throws(MatrixError) in await sent.append(SentState(type: type, stateKey: key, content: content, roomID: roomID)) }
        rooms.create = { creation throws(MatrixError) in
            await created.append(creation)
            return "!created:hs"
        }
        rooms.readState = { roomID, type, key throws(MatrixError) in state["\(roomID) \(type) \(key)"] }
        rooms.levels = { roomID throws(MatrixError) in
            lowIn.contains(roomID)
                ? PowerLevels(content: ["users": ["@carol:hs": 100]], create: ["sender": "@carol:hs", "content": ["room_version": "10"]])
                : PowerLevels(content: nil, create: ["sender": "@alice:example", "content": ["room_version": "12"]])
        }
        return rooms
    }

    func loggedIn(profile: String = "clap", _ rooms: FakeRoomService) async throws -> AppHarness {
        try await Spaces().loggedIn(profile: profile, rooms)
    }

    @Test func elementOffersNoSpaceManagementUntilTheFlagIsOn() async throws {
        let sent = Recorder<SentState>(), created = Recorder<RoomCreation>()
        let app = try await loggedIn(profile: "element", Self.recording(sent, created: created))
        #expect(!(await app.state.run(line: "/space create Guild")))
        #expect(!(await app.state.run(line: "/create Plans --in Team")))
        #expect(!(await app.state.run(line: "/space add Team Lobby")))
        #expect(app.log.failures == [.turnedOff(command: "/space create", profile: "element", flag: .spaceSettingsEnabled),
                                     .turnedOff(command: "/create --in", profile: "element", flag: .spaceSettingsEnabled),
                                     .turnedOff(command: "/space add", profile: "element", flag: .spaceSettingsEnabled)])
        #expect(await app.state.run(line: "/help space"))
        guard case .help(let entries, _)? = app.log.outcomes.last else { Issue.record("no help"); return }
        #expect(entries.map(\.variantWords) == [[]], "the forms are not offered")
        #expect(await app.state.run(line: "/space Team"), "listing a space is for everyone")

        #expect(await app.state.run(line: "/set developer.space_settings_enabled on"))
        #expect(await app.state.run(line: "/space create Guild --public"))
        #expect(await created.values.map(\.isSpace) == [true])
        #expect(await created.values.map(\.isPublic) == [true])
        #expect(app.log.outcomes.last == .membership(.created(roomID: "!created:hs", alias: nil, name: "Guild", isSpace: true)))
        #expect(app.state.currentRoomID == "!created:hs")
        #expect(await app.state.run(line: "/help space"))
        guard case .help(let offered, _)? = app.log.outcomes.last else { Issue.record("no help"); return }
        #expect(offered.map(\.variantWords) == [["create", "add", "remove"]])
    }

    /// Found using the demo: a script that made a space and added a room on its next line was
    /// told no space matched, because the space was only a space once sync brought its creation.
    @Test func aSpaceJustMadeTakesRoomsBeforeSyncBringsIt() async throws {
        let sent = Recorder<SentState>()
        let app = try await loggedIn(Self.recording(sent))
        #expect(await app.state.run(line: "/space create Guild"))
        #expect(app.state.rooms["!created:hs"]?.isSpace == true)
        #expect(await app.state.run(line: "/spaces"))
        guard case .space(.list(let spaces))? = app.log.outcomes.last else { Issue.record("no spaces"); return }
        #expect(spaces.contains { $0.roomID == "!created:hs" && $0.name == "Guild" })
        #expect(await app.state.run(line: "/space add Guild Lobby"))
        #expect(await sent.values.first == SentState(type: "m.space.child", stateKey: "!lobby:hs",
                                                     content: ["via": ["example"], "suggested": false], roomID: "!created:hs"))
    }

    /// Found under load against Synapse: a sync can read a room while the server is still making
    /// it, before its name event, and be applied while `/space create` waits for the answer. The
    /// space must still go by the name it was given.
    @Test func aSpaceReadBySyncMidCreationKeepsItsName() async throws {
        let sent = Recorder<SentState>(), answer = AppStateMessagingTests.Gate(), asked = AppStateMessagingTests.Gate()
        var rooms = Self.recording(sent)
        rooms.create = { _ throws(MatrixError) in
            await asked.open()
            await answer.wait()
            return "!created:hs"
        }
        let app = try await loggedIn(rooms)
        let creating = Task { await app.state.run(line: "/space create Guild") }
        await asked.wait()
        let generation = try #require(app.state.runtime?.generation)
        await app.state.apply(.synced(SyncResult(rooms: [RoomRecord(roomID: "!created:hs", membership: .join, isSpace: true)], messages: [])),
                              from: generation)
        await answer.open()
        #expect(await creating.value)
        #expect(app.state.rooms["!created:hs"]?.name == "Guild")
        #expect(await app.state.run(line: "/create Hall --in Guild"), "\(app.log.failures)")
    }

    @Test func aRoomMadeInASpaceIsItsChildAndOpenToItsMembers() async throws {
        let sent = Recorder<SentState>(), created = Recorder<RoomCreation>()
        let app = try await loggedIn(Self.recording(sent, created: created))
        #expect(await app.state.run(line: "/create Plans for May --in Team --encrypted"))
        let creation = try #require(await created.values.first)
        #expect(creation.name == "Plans for May")
        #expect(creation.isEncrypted)
        #expect(creation.parent == SpaceLink(spaceID: "!team:hs", via: ["example"]))
        #expect(await sent.values == [SentState(type: "m.space.child", stateKey: "!created:hs",
                                                content: ["via": ["example"], "suggested": false], roomID: "!team:hs")])
        #expect(app.log.outcomes.last == .membership(.created(roomID: "!created:hs", alias: nil, name: "Plans for May", isEncrypted: true, inSpace: "Team")))
    }

    @Test func theCreationBodyLinksTheParentAndRestrictsJoiningToTheSpace() throws {
        let body = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(CreateRoomBody(RoomCreation(name: "Plans", parent: SpaceLink(spaceID: "!team:hs", via: ["hs"])))))
        let state = try #require(body["initial_state"]?.array)
        #expect(state.contains(["type": "m.space.parent", "state_key": "!team:hs", "content": ["via": ["hs"], "canonical": true]]))
        #expect(state.contains(["type": "m.room.join_rules", "state_key": "",
                                "content": ["join_rule": "restricted", "allow": [["type": "m.room_membership", "room_id": "!team:hs"]]]]))
        let open = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(CreateRoomBody(RoomCreation(name: "Plans", isPublic: true, parent: SpaceLink(spaceID: "!team:hs", via: ["hs"])))))
        #expect(open["initial_state"]?.array?.count == 1, "a public room keeps its public rule")
        let space = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(CreateRoomBody(RoomCreation(name: "Guild", isSpace: true))))
        #expect(space["creation_content"] == ["type": "m.space"])
        #expect(space["power_level_content_override"]?["events_default"] == 100)
    }

    @Test func addingLinksBothWaysAndRemovingEmptiesBoth() async throws {
        let sent = Recorder<SentState>()
        let state: [String: JSONValue] = ["!team:hs m.space.child !general:hs": ["via": ["hs"]], "!general:hs m.space.parent !team:hs": ["via": ["hs"]]]
        let app = try await loggedIn(Self.recording(sent, state: state))
        #expect(await app.state.run(line: "/space add Team Lobby --suggested --order a1"))
        #expect(app.log.outcomes.last == .space(.childAdded(spaceName: "Team", roomName: "Lobby", parentLinked: true)))
        #expect(await app.state.run(line: "/space remove Team General"))
        #expect(app.log.outcomes.last == .space(.childRemoved(spaceName: "Team", roomName: "General", parentUnlinked: true)))
        #expect(await sent.values == [
            SentState(type: "m.space.child", stateKey: "!lobby:hs", content: ["via": ["example"], "suggested": true, "order": "a1"], roomID: "!team:hs"),
            SentState(type: "m.space.parent", stateKey: "!team:hs", content: ["via": ["example"], "canonical": true], roomID: "!lobby:hs"),
            SentState(type: "m.space.child", stateKey: "!general:hs", content: [:], roomID: "!team:hs"),
            SentState(type: "m.space.parent", stateKey: "!team:hs", content: [:], roomID: "!general:hs"),
        ])
        #expect(!(await app.state.run(line: "/space remove Team Lobby")), "the fake server has no child event for it")
        #expect(app.log.failures == [.notInSpace(room: "Lobby", space: "Team")])
    }

    @Test func withoutThePowerLevelNothingIsSent() async throws {
        let sent = Recorder<SentState>(), created = Recorder<RoomCreation>()
        let state: [String: JSONValue] = ["!team:hs m.space.child !general:hs": ["via": ["hs"]]]
        let app = try await loggedIn(Self.recording(sent, created: created, lowIn: ["!team:hs"], state: state))
        for line in ["/space add Team Lobby", "/space remove Team General", "/create Side --in Team"] {
            #expect(!(await app.state.run(line: line)), "\(line)")
        }
        #expect(app.log.failures == ["/space add", "/space remove", "/create --in"].map {
            .stateNotPermitted(command: $0, roomName: "Team", required: 50, own: 0)
        })
        #expect(await sent.values.isEmpty)
        #expect(await created.values.isEmpty)
    }

    @Test func aRoomWeMayNotChangeIsStillAddedWithoutItsParentLink() async throws {
        let sent = Recorder<SentState>()
        let app = try await loggedIn(Self.recording(sent, lowIn: ["!lobby:hs"]))
        #expect(await app.state.run(line: "/space add Team Lobby"))
        #expect(app.log.outcomes.last == .space(.childAdded(spaceName: "Team", roomName: "Lobby", parentLinked: false)))
        #expect(await sent.values.map(\.type) == ["m.space.child"])
    }

    @Test func unknownSpacesAndRoomsAreRefusedByName() async throws {
        let sent = Recorder<SentState>()
        let app = try await loggedIn(Self.recording(sent))
        #expect(!(await app.state.run(line: "/space add Nowhere Lobby")))
        #expect(!(await app.state.run(line: "/space add Team Nowhere")))
        #expect(!(await app.state.run(line: "/create Side --in Nowhere")))
        #expect(app.log.failures == [.unknownSpace("Nowhere"), .unknownRoom("Nowhere"), .unknownSpace("Nowhere")])
        #expect(await sent.values.isEmpty)
    }

    @Test func theJoinRuleIsShownAndSetWithTheSpacesItAdmits() async throws {
        let sent = Recorder<SentState>()
        let state: [String: JSONValue] = ["!lobby:hs m.room.join_rules ": ["join_rule": "restricted", "allow": [["type": "m.room_membership", "room_id": "!team:hs"]]]]
        let app = try await loggedIn(Self.recording(sent, state: state))
        #expect(await app.state.run(line: "/open Lobby"))
        #expect(await app.state.run(line: "/joinrule"))
        #expect(app.log.outcomes.last == .room(.joinRule(rule: "restricted", spaces: ["Team"], changed: false)))
        #expect(await app.state.run(line: "/joinrule knock"))
        #expect(await app.state.run(line: "/joinrule restricted Team !other:hs"))
        #expect(app.log.outcomes.last == .room(.joinRule(rule: "restricted", spaces: ["Team", "!other:hs"], changed: true)))
        #expect(!(await app.state.run(line: "/joinrule restricted Nowhere")))
        #expect(app.log.failures == [.unknownSpace("Nowhere")])
        #expect(await sent.values.map(\.content) == [
            ["join_rule": "knock"],
            ["join_rule": "restricted", "allow": [["type": "m.room_membership", "room_id": "!team:hs"], ["type": "m.room_membership", "room_id": "!other:hs"]]],
        ])
    }
}
