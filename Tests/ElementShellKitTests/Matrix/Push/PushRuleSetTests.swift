import MatrixJSON
import Testing
@testable import MatrixClient

/// The spec's default rules, evaluated by the client on events as it reads them (decrypted where
/// they were encrypted), and rules as Element writes them for a room's level.
@Suite struct PushRuleSetTests {
    static let me = "@alice:hs"
    static let defaults = PushRuleSet.defaults(for: me)

    static func event(_ content: JSONValue, type: String = "m.room.message", from sender: String = "@bob:hs", stateKey: String? = nil) -> PushEvent {
        var json: JSONValue = ["type": .string(type), "sender": .string(sender), "room_id": "!r:hs", "event_id": "$e", "content": content]
        if let stateKey, case .object(var fields) = json { fields["state_key"] = .string(stateKey); json = .object(fields) }
        return PushEvent(json: json)
    }

    static func room(members: Int = 5, powerLevels: JSONValue? = ["users": ["@boss:hs": 100], "users_default": 0]) -> PushRoomContext {
        PushRoomContext(roomID: "!r:hs", memberCount: members, ownDisplayName: "Alice Liddell",
                        powerLevels: PowerLevels(content: powerLevels, create: ["sender": "@boss:hs", "content": ["room_version": "10"]]))
    }

    static func rule(_ event: PushEvent, in room: PushRoomContext = room(), rules: PushRuleSet = defaults) -> String? {
        rules.evaluate(event, in: room, userID: me)?.ruleID
    }

    static func text(_ body: String, mentions: JSONValue? = nil) -> JSONValue {
        var content: [String: JSONValue] = ["msgtype": "m.text", "body": .string(body)]
        if let mentions { content["m.mentions"] = mentions }
        return .object(content)
    }

    @Test func messagesNotifyAndDirectChatsWithASound() {
        let outcome = Self.defaults.evaluate(Self.event(Self.text("hi all")), in: Self.room(), userID: Self.me)
        #expect(outcome?.ruleID == ".m.rule.message" && outcome?.actions == PushActions(notify: true))
        let direct = Self.defaults.evaluate(Self.event(Self.text("hi")), in: Self.room(members: 2), userID: Self.me)
        #expect(direct?.ruleID == ".m.rule.room_one_to_one" && direct?.actions == PushActions(notify: true, sound: "default"))
        #expect(Self.rule(Self.event(Self.text("mine"), from: Self.me)) == nil, "our own events never notify")
    }

    @Test func noticesReactionsEditsAndMembersAreQuiet() {
        let quiet = [
            (Self.event(["msgtype": "m.notice", "body": "bot says"]), ".m.rule.suppress_notices"),
            (Self.event(["m.relates_to": ["rel_type": "m.annotation", "event_id": "$x", "key": "👍"]], type: "m.reaction"), ".m.rule.reaction"),
            (Self.event(["body": "* fixed", "m.relates_to": ["rel_type": "m.replace", "event_id": "$x"]]), ".m.rule.suppress_edits"),
            (Self.event(["membership": "join"], type: "m.room.member", stateKey: "@bob:hs"), ".m.rule.member_event"),
        ]
        for (event, expected) in quiet {
            let outcome = Self.defaults.evaluate(event, in: Self.room(), userID: Self.me)
            #expect(outcome?.ruleID == expected && outcome?.actions.notify == false, "\(expected)")
        }
        let invite = Self.event(["membership": "invite"], type: "m.room.member", stateKey: Self.me)
        #expect(Self.rule(invite) == ".m.rule.invite_for_me")
    }

    @Test func mentionsByIDByNameAndOfTheRoom() {
        let byID = Self.defaults.evaluate(Self.event(Self.text("see this", mentions: ["user_ids": [.string(Self.me)]])), in: Self.room(), userID: Self.me)
        #expect(byID?.ruleID == ".m.rule.is_user_mention" && byID?.actions.highlight == true)
        // Without m.mentions, the name and the localpart in the body still count (older clients).
        #expect(Self.rule(Self.event(Self.text("ask alice liddell"))) == ".m.rule.contains_display_name")
        #expect(Self.rule(Self.event(Self.text("ask Alice!"))) == ".m.rule.contains_user_name")
        // With m.mentions, only it counts: the name in the text is no mention.
        #expect(Self.rule(Self.event(Self.text("ask Alice Liddell", mentions: ["user_ids": []]))) == ".m.rule.message")
        // The whole room, only from someone with the power to notify it.
        #expect(Self.rule(Self.event(Self.text("lunch!", mentions: ["room": true]), from: "@boss:hs")) == ".m.rule.is_room_mention")
        #expect(Self.rule(Self.event(Self.text("lunch!", mentions: ["room": true]))) == ".m.rule.message")
        #expect(Self.rule(Self.event(Self.text("@room lunch!"), from: "@boss:hs")) == ".m.rule.roomnotif")
        #expect(Self.rule(Self.event(Self.text("@room lunch!"))) == ".m.rule.message")
    }

    /// The server sees only ciphertext: the encrypted rule. The client decrypts and evaluates
    /// the event as it was sent, where a mention shows.
    @Test func anEncryptedEventIsEvaluatedAgainOnceDecrypted() {
        let sealed = Self.event(["algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "..."], type: "m.room.encrypted")
        #expect(Self.rule(sealed) == ".m.rule.encrypted")
        #expect(Self.rule(sealed, in: Self.room(members: 2)) == ".m.rule.encrypted_room_one_to_one")
        let opened = Self.event(Self.text("@alice:hs look", mentions: ["user_ids": [.string(Self.me)]]))
        #expect(Self.rule(opened) == ".m.rule.is_user_mention")
    }

    /// Element's levels for a room: mute is an override rule on the room's ID with no actions;
    /// "mentions and keywords" a room rule with none, which mentions (override) still outrank.
    @Test func aRoomsLevelAsElementSetsIt() throws {
        var rules = Self.defaults.rules
        let mute = try #require(PushRule(kind: .override, json: ["rule_id": "!r:hs", "enabled": true, "actions": [],
                                                                  "conditions": [["kind": "event_match", "key": "room_id", "pattern": "!r:hs"]]]))
        rules.insert(mute, at: 0)
        let muted = PushRuleSet(rules: rules)
        #expect(muted.evaluate(Self.event(Self.text("hi", mentions: ["user_ids": [.string(Self.me)]])), in: Self.room(), userID: Self.me)?.actions.notify == false)

        let mentionsOnly = try #require(PushRule(kind: .room, json: ["rule_id": "!r:hs", "enabled": true, "actions": []]))
        let quieter = PushRuleSet(rules: Self.defaults.rules.filter { $0.kind != .room } + [mentionsOnly])
        #expect(quieter.evaluate(Self.event(Self.text("hi")), in: Self.room(), userID: Self.me)?.actions.notify == false)
        #expect(quieter.evaluate(Self.event(Self.text("hi", mentions: ["user_ids": [.string(Self.me)]])), in: Self.room(), userID: Self.me)?.actions.highlight == true)
        let elsewhere = PushRoomContext(roomID: "!other:hs", memberCount: 5, ownDisplayName: nil, powerLevels: PowerLevels(content: nil, create: [:]))
        #expect(quieter.evaluate(Self.event(Self.text("hi")), in: elsewhere, userID: Self.me)?.ruleID == ".m.rule.message")
    }

    @Test func keywordsAndTheMasterSwitch() {
        let json: JSONValue = ["global": [
            "override": [["rule_id": ".m.rule.master", "default": true, "enabled": false, "conditions": [], "actions": []]],
            "content": [["rule_id": "cake", "enabled": true, "pattern": "cake*lie", "actions": ["notify", ["set_tweak": "highlight", "value": false]]]],
            "underride": [["rule_id": ".m.rule.message", "default": true, "enabled": true,
                           "conditions": [["kind": "event_match", "key": "type", "pattern": "m.room.message"]], "actions": ["notify"]]],
        ]]
        var rules = PushRuleSet(json: json)
        #expect(rules.evaluate(Self.event(Self.text("the cake is a lie")), in: Self.room(), userID: Self.me)?.ruleID == "cake")
        #expect(rules.evaluate(Self.event(Self.text("cake today")), in: Self.room(), userID: Self.me)?.ruleID == ".m.rule.message")
        rules = PushRuleSet(json: ["global": ["override": [["rule_id": ".m.rule.master", "enabled": true, "conditions": [], "actions": []]]]])
        #expect(rules.evaluate(Self.event(Self.text("anything")), in: Self.room(), userID: Self.me)?.actions.notify == false)
    }

    /// Conditions that cannot be read make their rule match nothing; a rule matching everything
    /// takes everything; a thousand keywords are a thousand rules, nothing more.
    @Test func hostileRulesMatchNothingOrEverythingAndNeverCrash() throws {
        let broken: [JSONValue] = [
            ["kind": "event_match", "key": "content.body"], ["kind": "event_match", "pattern": "*"], ["kind": "no_such_kind"],
            ["kind": "room_member_count", "is": ">=many"], ["kind": "event_property_is", "key": "content.x", "value": ["a": 1]],
            ["kind": "event_property_contains", "key": "content.x"], "not an object", ["kind": 7],
        ]
        for condition in broken {
            let rule = try #require(PushRule(kind: .override, json: ["rule_id": "odd", "conditions": [condition], "actions": ["notify"]]))
            let rules = PushRuleSet(rules: [rule])
            #expect(rules.evaluate(Self.event(Self.text("hi")), in: Self.room(), userID: Self.me) == nil, "\(condition)")
        }
        #expect(PushRule(kind: .override, json: ["conditions": []]) == nil, "no rule ID")
        #expect(PushRule(kind: .content, json: ["rule_id": "k", "actions": ["notify"]]) == nil, "a keyword without a pattern")
        let everything = try #require(PushRule(kind: .override, json: ["rule_id": "all", "conditions": [], "actions": ["notify", "dont_notify", "coalesce"]]))
        #expect(PushRuleSet(rules: [everything]).evaluate(Self.event(["odd": true], type: "x.y"), in: Self.room(), userID: Self.me)?.actions == PushActions(notify: true))
        let keywords: [JSONValue] = (0..<1_000).map { ["rule_id": .string("k\($0)"), "pattern": .string("word\($0)"), "actions": ["notify"]] }
        let many = PushRuleSet(json: ["global": ["content": .array(keywords)]])
        #expect(many.rules.count == 1_000)
        #expect(many.evaluate(Self.event(Self.text("say word999 now")), in: Self.room(), userID: Self.me)?.ruleID == "k999")
    }
}

extension PushRuleSetTests {
    /// What cannot be read is counted, to be told: a rule without an ID, a keyword without a
    /// pattern, a condition of a known kind without its fields, rules past the thousand of a
    /// kind. A condition of a kind a later spec may bring is no fault.
    @Test func unreadableRulesAreCountedAndLaterKindsAreNot() {
        let keywords: [JSONValue] = (0..<1_005).map { ["rule_id": .string("k\($0)"), "pattern": .string("w\($0)"), "actions": ["notify"]] }
        let rules = PushRuleSet(json: ["global": [
            "override": [["conditions": []], ["rule_id": "odd", "conditions": [["kind": "event_match", "key": "type"]], "actions": []],
                         ["rule_id": "later", "conditions": [["kind": "org.example.new_kind"]], "actions": ["notify"]]],
            "content": .array(keywords + [["rule_id": "no pattern", "actions": []]]),
        ]])
        #expect(rules.rules.count == 2 + PushRuleSet.maximumRulesOfAKind)
        #expect(rules.unreadableCount == 1 + 1 + 6, "no ID, a malformed condition, five past the limit and one without a pattern")
        #expect(PushRuleSet.defaults(for: Self.me).unreadableCount == 0)
    }

    /// A room where only the creator (room version 12) may notify everyone; members counted as the
    /// rules count them.
    @Test func theWholeRoomIsNotifiedByThoseWithThePowerAndMembersCount() {
        let room = PushRoomContext(roomID: "!r:hs", memberCount: 3, ownDisplayName: nil,
                                   powerLevels: PowerLevels(content: ["users": ["@mod:hs": 50], "notifications": ["room": 60]],
                                                            create: ["sender": "@founder:hs", "content": ["room_version": "12"]]))
        let everyone = Self.text("lunch", mentions: ["room": true])
        #expect(Self.rule(Self.event(everyone, from: "@founder:hs"), in: room) == ".m.rule.is_room_mention", "a creator outranks every level")
        #expect(Self.rule(Self.event(everyone, from: "@mod:hs"), in: room) == ".m.rule.message", "50 is below the room's 60")
        let count = PushRuleSet(json: ["global": ["underride": [
            ["rule_id": "small", "conditions": [["kind": "room_member_count", "is": "<=3"]], "actions": ["notify"]],
        ]]])
        #expect(Self.rule(Self.event(Self.text("hi")), in: room, rules: count) == "small")
        #expect(Self.rule(Self.event(Self.text("hi")), in: Self.room(members: 4), rules: count) == nil)
    }
}
