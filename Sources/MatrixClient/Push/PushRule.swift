import MatrixJSON

/// One push rule as `m.push_rules` holds it (spec "Push Rules"): what it matches and what it
/// does. `content` rules match their `pattern` in the body; `room` and `sender` rules the room or
/// sender their ID names; `override` and `underride` rules their conditions. A class: the rules
/// are read for every event, and a reference is one retain where the fields would be many.
public final class PushRule: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        // In the order they are checked.
        case override, content, room, sender, underride
    }

    public let kind: Kind
    public let ruleID: String
    public let isDefault: Bool
    public let isEnabled: Bool
    public let conditions: [PushCondition]
    public let pattern: GlobPattern?
    /// A `content` rule's pattern as written (a keyword).
    public let patternText: String?
    public let actions: PushActions
    /// One of `beforeMentions`; `.m.rule.master`.
    let isBeforeMentions: Bool
    let isMaster: Bool

    /// The three rules of before `m.mentions`, which the spec keeps only for events without it.
    static let beforeMentions: Set = [".m.rule.contains_display_name", ".m.rule.roomnotif", ".m.rule.contains_user_name"]

    public init?(kind: Kind, json: JSONValue) {
        guard let ruleID = json["rule_id"]?.string else { return nil }
        self.kind = kind
        self.ruleID = ruleID
        isDefault = json["default"]?.bool ?? false
        isEnabled = json["enabled"]?.bool ?? true
        conditions = (json["conditions"]?.array ?? []).map(PushCondition.init(json:))
        patternText = json["pattern"]?.string
        pattern = patternText.map(GlobPattern.init)
        actions = PushActions(json: json["actions"] ?? [])
        isBeforeMentions = Self.beforeMentions.contains(ruleID)
        isMaster = ruleID == ".m.rule.master"
        // A content rule without a pattern matches nothing: it is read as off.
        if kind == .content, pattern == nil { return nil }
    }

    public static func == (left: PushRule, right: PushRule) -> Bool {
        (left.kind, left.ruleID, left.isDefault, left.isEnabled, left.patternText) == (right.kind, right.ruleID, right.isDefault, right.isEnabled, right.patternText)
            && left.conditions == right.conditions && left.actions == right.actions
    }

    func matches(_ judgement: inout PushJudgement) -> Bool {
        guard isEnabled else { return false }
        if isBeforeMentions, judgement.event.hasMentions { return false }
        switch kind {
        case .override, .underride:
            for index in conditions.indices where !conditions[index].holds(for: &judgement) { return false }
            return true
        case .content: return pattern?.matchesWords(in: judgement.body()) ?? false
        case .room: return ruleID == judgement.room.roomID
        case .sender: return ruleID == judgement.event.sender
        }
    }
}

/// What a rule does: notify or not, and its tweaks (spec "Actions"). The historical
/// `dont_notify` and `coalesce` are dropped, as the spec asks.
public struct PushActions: Sendable, Equatable {
    public var notify = false
    /// The `highlight` tweak: a mention.
    public var highlight = false
    public var sound: String?

    public init(notify: Bool = false, highlight: Bool = false, sound: String? = nil) {
        self.notify = notify
        self.highlight = highlight
        self.sound = sound
    }

    init(json: JSONValue) {
        for action in json.array ?? [] {
            if action.string == "notify" { notify = true }
            guard let tweak = action["set_tweak"]?.string else { continue }
            switch tweak {
            case "highlight": highlight = action["value"]?.bool ?? true
            case "sound": sound = action["value"]?.string
            default: break
            }
        }
    }
}
