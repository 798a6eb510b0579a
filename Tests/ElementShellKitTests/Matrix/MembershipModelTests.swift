import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Power levels, `m.direct` and the requests that change membership, without a server.
@Suite struct MembershipModelTests {
    static func create(by sender: String, version: String, additional: [String] = []) -> JSONValue {
        .object(["sender": .string(sender), "content": .object([
            "room_version": .string(version), "additional_creators": .array(additional.map(JSONValue.string)),
        ])])
    }

    static let levels: JSONValue = .object([
        "users": .object(["@mod:hs": 50, "@admin:hs": 100, "@old:hs": .string("75")]),
        "users_default": 0, "kick": 50, "ban": 60, "invite": 10,
    ])

    @Test func levelsFollowTheContentWithStringsFromOldRoomsAndTheDefaultForOthers() {
        let levels = PowerLevels(content: Self.levels, create: Self.create(by: "@admin:hs", version: "10"))
        #expect(levels.level(of: "@mod:hs") == 50)
        #expect(levels.level(of: "@old:hs") == 75)
        #expect(levels.level(of: "@nobody:hs") == 0)
        #expect(levels.level(of: "@admin:hs") == 100, "before version 12 a creator has the level the event gives")
    }

    @Test func eachChangeNeedsItsLevelAndKickingNeedsAHigherOne() {
        let levels = PowerLevels(content: Self.levels, create: Self.create(by: "@admin:hs", version: "10"))
        #expect(levels.refusal(of: .invite, by: "@nobody:hs", to: "@new:hs") == .levelTooLow(required: 10, own: 0))
        #expect(levels.refusal(of: .invite, by: "@mod:hs", to: "@admin:hs") == nil, "inviting compares no levels")
        #expect(levels.refusal(of: .kick, by: "@mod:hs", to: "@nobody:hs") == nil)
        #expect(levels.refusal(of: .ban, by: "@mod:hs", to: "@nobody:hs") == .levelTooLow(required: 60, own: 50))
        #expect(levels.refusal(of: .unban, by: "@mod:hs", to: "@nobody:hs") == .levelTooLow(required: 60, own: 50), "unbanning needs the ban level")
        #expect(levels.refusal(of: .kick, by: "@mod:hs", to: "@old:hs") == .outranked(userID: "@old:hs", theirs: 75, own: 50))
        #expect(levels.refusal(of: .kick, by: "@old:hs", to: "@old2:hs") == nil)
        #expect(levels.refusal(of: .ban, by: "@admin:hs", to: "@admin2:hs") == nil)
    }

    @Test func fromVersion12CreatorsOutrankEveryone() {
        let levels = PowerLevels(content: Self.levels, create: Self.create(by: "@founder:hs", version: "12", additional: ["@cofounder:hs"]))
        #expect(levels.level(of: "@founder:hs") == PowerLevels.creatorLevel)
        #expect(levels.refusal(of: .kick, by: "@admin:hs", to: "@cofounder:hs")
                == .outranked(userID: "@cofounder:hs", theirs: PowerLevels.creatorLevel, own: 100))
        #expect(levels.refusal(of: .ban, by: "@founder:hs", to: "@admin:hs") == nil)
    }

    @Test func withoutPowerLevelsTheCreatorHas100AndTheSpecDefaultsApply() {
        // An old server answers `format=event` with the content alone: the creator is in it before version 11.
        let levels = PowerLevels(content: nil, create: .object(["creator": .string("@admin:hs"), "room_version": .string("5")]))
        #expect(levels.level(of: "@admin:hs") == 100)
        #expect(levels.refusal(of: .kick, by: "@nobody:hs", to: "@other:hs") == .levelTooLow(required: 50, own: 0))
        #expect(levels.refusal(of: .invite, by: "@nobody:hs", to: "@other:hs") == nil)
    }

    @Test func directChatsKeepWhatTheyDoNotKnowWhenARoomIsAdded() {
        var chats = DirectChats(content: .object(["@bob:hs": .array([.string("!a")]), "@odd:hs": .string("not a list")]))
        #expect(chats.rooms(with: "@bob:hs") == ["!a"])
        chats.add("!b", with: "@bob:hs")
        chats.add("!c", with: "@carol:hs")
        #expect(chats.content == .object(["@bob:hs": .array([.string("!a"), .string("!b")]), "@odd:hs": .string("not a list"),
                                          "@carol:hs": .array([.string("!c")])]))
        #expect(DirectChats(content: .string("broken")).rooms(with: "@bob:hs") == [])
    }

    @Test func requestsCarryWhatTheSpecAsksFor() throws {
        let client = MatrixClient(homeserverURL: URL(string: "https://hs.example")!, accessToken: "t", transport: FakeTransport { _ in .json(200, "{}") })
        let kick = try client.request(for: .change(.kick, of: "@bob:hs", in: "!r", reason: "spam"))
        #expect(kick.url.absoluteString == "https://hs.example/_matrix/client/v3/rooms/!r/kick" && kick.method == .post)
        #expect(try JSONSerialization.jsonObject(with: kick.body ?? Data()) as? [String: String] == ["user_id": "@bob:hs", "reason": "spam"])
        #expect(try client.request(for: .state("m.room.create", of: "!r", asEvent: true)).url.absoluteString
            == "https://hs.example/_matrix/client/v3/rooms/!r/state/m.room.create/?format=event")

        let direct = try client.request(for: .createRoom(RoomCreation(directChatPartner: "@bob:hs")))
        let body = try #require(try JSONSerialization.jsonObject(with: direct.body ?? Data()) as? [String: Any])
        #expect(body["preset"] as? String == "trusted_private_chat" && body["is_direct"] as? Bool == true)
        #expect(body["invite"] as? [String] == ["@bob:hs"] && body["visibility"] as? String == "private")
        let team = try client.request(for: .createRoom(RoomCreation(name: "Team", aliasLocalpart: "team", topic: "Plans", isPublic: true)))
        let teamBody = try #require(try JSONSerialization.jsonObject(with: team.body ?? Data()) as? [String: Any])
        #expect(teamBody["preset"] as? String == "public_chat" && teamBody["visibility"] as? String == "public")
        #expect(teamBody["room_alias_name"] as? String == "team" && teamBody["name"] as? String == "Team" && teamBody["topic"] as? String == "Plans")
        #expect(teamBody["is_direct"] == nil && teamBody["invite"] == nil && teamBody["initial_state"] == nil)
        let secret = try client.request(for: .createRoom(RoomCreation(name: "Secrets", isEncrypted: true)))
        let secretBody = try #require(try JSONSerialization.jsonObject(with: secret.body ?? Data()) as? [String: Any])
        let state = try #require((secretBody["initial_state"] as? [[String: Any]])?.first)
        #expect(state["type"] as? String == "m.room.encryption" && state["state_key"] as? String == "")
        #expect((state["content"] as? [String: Any])?["algorithm"] as? String == "m.megolm.v1.aes-sha2")
    }

    @Test func aliasLocalPartsAreCheckedBeforeAsking() {
        #expect(RoomCreation.isValidAliasLocalpart("team-2024", serverName: "hs"))
        for bad in ["", "a:b", "#team", "two words", "tab\t", String(repeating: "x", count: 252)] {
            #expect(!RoomCreation.isValidAliasLocalpart(bad, serverName: "hs"), "\(bad)")
        }
    }
}
