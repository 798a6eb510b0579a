import ArgumentParser
import MatrixClient
import MatrixJSON

/// `push-rules`: evaluates a room's worth of events through a user's push rules, as the client
/// does for each event it reads (the ones it decrypted, which the server could not judge):
/// the spec's defaults, keywords, room and sender rules, and patterns made to be slow. Prints the
/// best of several runs as one JSON line.
struct PushRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push-rules",
        abstract: "Times push rule evaluation of many events through many rules; prints the figures as JSON."
    )

    @Option(help: "Events per run.")
    var events = 10_000

    @Option(help: "Rules in all: the spec's 18 defaults, then keywords, room and sender rules.")
    var rules = 100

    @Option(help: "Runs; the fastest is printed.")
    var runs = 5

    func validate() throws {
        guard events > 0, runs > 0, rules >= 18 else { throw ValidationError("events and runs must be positive, rules at least 18") }
    }

    func run() throws {
        let userID = "@alice:example.org"
        let ruleSet = Self.ruleSet(count: rules, for: userID)
        let sample = (0..<events).map(Self.event)
        let room = PushRoomContext(roomID: "!room:example.org", memberCount: 40, ownDisplayName: "Alice Liddell",
                                   powerLevels: PowerLevels(content: ["users": ["@mod:example.org": 50], "users_default": 0], create: [:]))
        let clock = ContinuousClock()
        var best = Duration.seconds(Int.max), notified = 0
        for _ in 0..<runs {
            var count = 0
            let elapsed = clock.measure {
                for event in sample where ruleSet.evaluate(PushEvent(json: event), in: room, userID: userID)?.actions.notify == true { count += 1 }
            }
            best = min(best, elapsed)
            notified = count
        }
        let fields: [(String, String)] = [
            ("events", String(events)), ("rules", String(ruleSet.rules.count)), ("runs", String(runs)), ("notified", String(notified)),
            ("seconds", best.seconds.formatted(4)), ("microseconds_per_event", (best.seconds * 1_000_000 / Double(events)).formatted(2)),
        ]
        print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
    }

    /// The defaults, then keywords (a fifth with wildcards, two built to be slow), and a room
    /// and a sender rule for every tenth of the rest.
    static func ruleSet(count: Int, for userID: String) -> PushRuleSet {
        var added: [PushRule] = []
        for index in 0..<(count - PushRuleSet.defaults(for: userID).rules.count) {
            let json: JSONValue
            switch index % 10 {
            case 0: json = ["rule_id": .string("!room\(index):example.org"), "actions": []]
            case 1: json = ["rule_id": .string("@spam\(index):example.org"), "actions": []]
            case 2: json = ["rule_id": .string("k\(index)"), "pattern": .string(index % 20 == 2 ? String(repeating: "*a", count: 20) + "*z" : "deploy\(index)*"),
                            "actions": ["notify", ["set_tweak": "highlight"]]]
            default: json = ["rule_id": .string("k\(index)"), "pattern": .string("keyword\(index)"), "actions": ["notify", ["set_tweak": "highlight"]]]
            }
            let kind: PushRule.Kind = index % 10 == 0 ? .room : index % 10 == 1 ? .sender : .content
            if let rule = PushRule(kind: kind, json: json) { added.append(rule) }
        }
        return PushRuleSet(rules: added + PushRuleSet.defaults(for: userID).rules)
    }

    /// A room's traffic: mostly messages of a few words to a few hundred characters, some
    /// mentioning the user, some notices, reactions and edits.
    static func event(_ index: Int) -> JSONValue {
        let sender: JSONValue = .string("@user\(index % 37):example.org")
        let words = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 1 + index % 8)
        switch index % 10 {
        case 0: return ["type": "m.reaction", "sender": sender, "content": ["m.relates_to": ["rel_type": "m.annotation", "event_id": "$x", "key": "👍"]]]
        case 1: return ["type": "m.room.message", "sender": sender, "content": ["msgtype": "m.notice", "body": .string(words)]]
        case 2: return ["type": "m.room.message", "sender": sender,
                        "content": ["msgtype": "m.text", "body": .string("alice " + words), "m.mentions": ["user_ids": ["@alice:example.org"]]]]
        default: return ["type": "m.room.message", "sender": sender, "content": ["msgtype": "m.text", "body": .string(words + "keyword\(index % 200)")]]
        }
    }
}
