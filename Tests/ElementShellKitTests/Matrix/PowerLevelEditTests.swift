import Testing
@testable import MatrixClient
import MatrixJSON

/// Changes of `m.room.power_levels` as the spec's authorization rules judge them, and the
/// content sent for them.
@Suite struct PowerLevelEditTests {
    static let content: JSONValue = [
        "users": ["@admin:hs": 100, "@mod:hs": 50, "@helper:hs": 20], "users_default": 0, "events_default": 0, "state_default": 50,
        "kick": 50, "ban": 50, "redact": 50, "invite": 0, "events": ["m.room.power_levels": 100, "m.room.name": 50],
        "notifications": ["room": 50], "historical": "kept",
    ]

    static func levels(_ content: JSONValue? = Self.content, creator: String = "@admin:hs", version: String = "10") -> PowerLevels {
        PowerLevels(content: content, create: ["sender": .string(creator), "content": ["room_version": .string(version)]])
    }

    @Test func anAdminGivesAndTakesLevelsBelowTheirOwn() {
        let levels = Self.levels()
        #expect(levels.refusal(of: .user("@new:hs", level: 50), by: "@admin:hs") == nil)
        #expect(levels.refusal(of: .user("@mod:hs", level: nil), by: "@admin:hs") == nil)
        #expect(levels.refusal(of: .user("@new:hs", level: 100), by: "@admin:hs") == nil, "an equal level may be given")
        #expect(levels.refusal(of: .setting(.kick, level: 75), by: "@admin:hs") == nil)
    }

    @Test func nobodyGivesMoreThanTheyHaveOrChangesTheirEquals() {
        var levels = Self.levels(["users": ["@admin:hs": 100, "@mod:hs": 50, "@other:hs": 50], "events": ["m.room.power_levels": 50]])
        #expect(levels.refusal(of: .user("@new:hs", level: 51), by: "@mod:hs") == .levelAboveOwn(level: 51, own: 50))
        #expect(levels.refusal(of: .user("@other:hs", level: 0), by: "@mod:hs") == .outranked(userID: "@other:hs", theirs: 50, own: 50))
        #expect(levels.refusal(of: .user("@admin:hs", level: 0), by: "@mod:hs") == .outranked(userID: "@admin:hs", theirs: 100, own: 50))
        #expect(levels.refusal(of: .user("@mod:hs", level: 10), by: "@mod:hs") == nil, "one's own level may go down")
        #expect(levels.refusal(of: .setting(.kick, level: 60), by: "@mod:hs") == .levelAboveOwn(level: 60, own: 50))
        levels = Self.levels(["users": ["@mod:hs": 50], "ban": 75, "events": ["m.room.power_levels": 50]])
        #expect(levels.refusal(of: .setting(.ban, level: 10), by: "@mod:hs") == .levelTooLow(required: 75, own: 50),
                "a setting above one's level may not be lowered either")
    }

    @Test func sendingTheEventAtAllNeedsItsLevel() {
        #expect(Self.levels().refusal(of: .user("@new:hs", level: 10), by: "@mod:hs") == .levelTooLow(required: 100, own: 50))
        #expect(Self.levels().refusal(of: .user("@new:hs", level: 10), by: "@nobody:hs") == .levelTooLow(required: 100, own: 0))
    }

    @Test func creatorsOfVersionTwelveRoomsOutrankEveryLevelAndKeepTheirs() {
        let levels = Self.levels(["users": ["@mod:hs": 50], "events": ["m.room.power_levels": 100]], creator: "@founder:hs", version: "12")
        #expect(levels.refusal(of: .user("@mod:hs", level: 100), by: "@founder:hs") == nil)
        #expect(levels.refusal(of: .user("@new:hs", level: 150), by: "@founder:hs") == nil, "no number is above a creator")
        #expect(levels.refusal(of: .user("@founder:hs", level: 0), by: "@founder:hs") == .creatorFixed(userID: "@founder:hs"))
        #expect(levels.ranked.map(\.userID) == ["@founder:hs", "@mod:hs"])
        #expect(levels.ranked.first?.level == PowerLevels.creatorLevel)
    }

    @Test func anEditKeepsEveryOtherField() {
        let levels = Self.levels()
        let opped = levels.content(after: .user("@new:hs", level: 50))
        #expect(opped["users"] == ["@admin:hs": 100, "@mod:hs": 50, "@helper:hs": 20, "@new:hs": 50])
        #expect(opped["historical"] == "kept")
        #expect(opped["events"] == Self.content["events"])
        #expect(levels.content(after: .user("@helper:hs", level: nil))["users"] == ["@admin:hs": 100, "@mod:hs": 50])
        #expect(levels.content(after: .setting(.kick, level: 75))["kick"] == 75)
        #expect(levels.content(after: .setting(.messages, level: 10))["events_default"] == 10)
        #expect(levels.content(after: .setting(.notifyRoom, level: 100))["notifications"] == ["room": 100])
        #expect(levels.content(after: .setting(.event("m.room.topic"), level: 0))["events"]
            == ["m.room.power_levels": 100, "m.room.name": 50, "m.room.topic": 0])
    }

    @Test func aRoomWithoutTheEventGetsOneThatKeepsItsLevels() {
        let levels = Self.levels(nil, creator: "@admin:hs", version: "9")
        let content = levels.content(after: .user("@new:hs", level: 50))
        #expect(content["users"] == ["@admin:hs": 100, "@new:hs": 50])
        #expect(content["state_default"] == 0, "no event means 0 for state; an event without the key would mean 50")
        #expect(Self.levels(content).level(of: .state) == 0)
        #expect(Self.levels(content).level(of: .kick) == 50)
    }

    @Test func rolesListTheLevelsAndWhatNeedsThem() {
        let levels = Self.levels()
        #expect(levels.ranked.map(\.userID) == ["@admin:hs", "@mod:hs", "@helper:hs"])
        #expect(levels.level(of: .notifyRoom) == 50)
        #expect(levels.level(of: .event("m.room.topic")) == 50, "a state type without a level of its own needs state_default")
        #expect(levels.level(of: .event("m.reaction")) == 0, "another type needs events_default")
        #expect(levels.eventLevels.map(\.type) == ["m.room.name", "m.room.power_levels"])
    }

    @Test func settingsAreNamedAsRolesSetNamesThem() {
        #expect(PowerSetting(name: "kick") == .kick)
        #expect(PowerSetting(name: "default") == .membersDefault)
        #expect(PowerSetting(name: "m.room.name") == .event("m.room.name"))
        #expect(PowerSetting(name: "nothing") == nil)
        #expect(PowerSetting(name: ".") == nil)
        #expect(PowerSetting.common.allSatisfy { PowerSetting(name: $0.name) == $0 })
    }
}
