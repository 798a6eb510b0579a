import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient
import MatrixJSON

/// `/roles`, `/op` and `/deop` against a room whose levels the fake server keeps.
@MainActor
@Suite struct AppStateRolesTests {
    typealias Membership = AppStateMembershipTests

    /// A server that keeps what is sent to `m.room.power_levels` (into `sent`), starting from
    /// `start`, in a version 12 room `@root:hs` created.
    static func keepingLevels(_ start: JSONValue, sent: Recorder<JSONValue>) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.levels = { _ throws(MatrixError) in
            PowerLevels(content: await sent.values.last ?? start, create: ["sender": "@root:hs", "content": ["room_version": "12"]])
        }
        rooms.writeState = { type, _, content, _ throws(MatrixError) in
            #expect(type == "m.room.power_levels")
            await sent.append(content)
        }
        return rooms
    }

    @Test func aModeratorGivesLevelsUpToTheirOwnAndNoFurther() async throws {
        let sent = Recorder<JSONValue>()
        let rooms = Self.keepingLevels(["users": ["@alice:example": 50, "@bob:hs": 50], "events": ["m.room.power_levels": 50], "kick": 50], sent: sent)
        let app = try await Membership().loggedIn(rooms)
        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/op @carol:hs 20"))
        #expect(!(await app.state.run(line: "/op @carol:hs admin")))
        #expect(!(await app.state.run(line: "/deop Bob")))
        #expect(!(await app.state.run(line: "/op @root:hs 10")))
        #expect(!(await app.state.run(line: "/roles set kick 60")))
        #expect(await app.state.run(line: "/roles set kick 40"))
        #expect(app.log.failures == [
            .notPermitted(.op, .levelAboveOwn(level: 100, own: 50)),
            .notPermitted(.deop, .outranked(userID: "@bob:hs", theirs: 50, own: 50)),
            .notPermitted(.op, .creatorFixed(userID: "@root:hs")),
            .notPermitted(.roles, .levelAboveOwn(level: 60, own: 50)),
        ])
        let last = try #require(await sent.values.last)
        #expect(last["users"] == ["@alice:example": 50, "@bob:hs": 50, "@carol:hs": 20])
        #expect(last["kick"] == 40)
        #expect(await sent.values.count == 2, "only what the levels allow reaches the server")
        #expect(app.log.outcomes.last == .roles(.settingChanged(.kick, level: 40, roomName: "Lobby")))
    }

    @Test func loweringOnesOwnLevelAsksForTheBang() async throws {
        let sent = Recorder<JSONValue>()
        let rooms = Self.keepingLevels(["users": ["@alice:example": 100], "events": ["m.room.power_levels": 100]], sent: sent)
        let app = try await Membership().loggedIn(rooms)
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/deop @alice:example")))
        #expect(!(await app.state.run(line: "/op @alice:example 50")))
        #expect(app.log.failures == [.demotingSelf(command: "deop"), .demotingSelf(command: "op")])
        #expect(await sent.values.isEmpty)
        #expect(await app.state.run(line: "/op! @alice:example 50"))
        #expect(await sent.values.last?["users"] == ["@alice:example": 50])
        #expect(app.log.outcomes.last == .roles(.userChanged(userID: "@alice:example", name: "Alice", level: 50, isDefault: false, roomName: "Lobby")))
    }

    @Test func rolesShowWhoHoldsWhatAndWhatNeedsWhich() async throws {
        let rooms = Self.keepingLevels(["users": ["@alice:example": 50, "@bob:hs": 100, "@quiet:hs": 0], "events": ["m.room.name": 50], "ban": 75],
                                       sent: Recorder())
        let app = try await Membership().loggedIn(rooms)
        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/roles"))
        guard case .roles(.roles(let sheet)) = app.log.outcomes.last else { Issue.record("no roles shown"); return }
        #expect(sheet.members.map(\.userID) == ["@root:hs", "@bob:hs", "@alice:example"], "the default level is nobody's role")
        #expect(sheet.members.first?.level == PowerLevels.creatorLevel)
        #expect(sheet.members[1].name == "Bob")
        #expect(sheet.ownLevel == 50)
        #expect(sheet.settings.first { $0.setting == .ban }?.level == 75)
        #expect(sheet.events == [SettingLevel(setting: .event("m.room.name"), level: 50)])
        let lines = RoleText(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: .roles(sheet))
        #expect(lines.first == "Roles in Lobby:")
        #expect(lines.contains("  admin (100): Bob (@bob:hs)"))
        #expect(lines.contains("  creator: @root:hs"))
        #expect(lines.contains("  ban members (ban): 75"))
        let json = RoleOutcome.roles(sheet).json
        #expect(json["own_level"] == 50)
        #expect(json["members"]?.array?.first?["creator"] == true)
        #expect(json["members"]?.array?.first?["level"] == .null)
        #expect(json["levels"]?["ban"] == 75)
    }
}
