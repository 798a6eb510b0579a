import MatrixJSON

/// One condition of an `override` or `underride` push rule (spec "Conditions"). A condition the
/// shell does not know (a later spec's), or one it cannot read, never matches: the rule is then
/// off, as the spec asks. One it cannot read is also told, once.
public enum PushCondition: Sendable, Equatable {
    case eventMatch(PropertyPath, GlobPattern)
    case eventPropertyIs(PropertyPath, JSONValue)
    case eventPropertyContains(PropertyPath, JSONValue)
    case containsDisplayName
    case roomMemberCount(MemberCount)
    case senderNotificationPermission(key: String)
    case unknown
    /// A kind the spec has, without the fields it needs.
    case malformed

    /// `room_member_count`'s `is`: a number, maybe after `==`, `<`, `>`, `<=` or `>=`.
    public struct MemberCount: Sendable, Equatable {
        enum Comparison: String, Sendable, CaseIterable { case lessOrEqual = "<=", greaterOrEqual = ">=", equal = "==", less = "<", greater = ">" }
        let comparison: Comparison
        let count: Int

        init?(_ text: String) {
            let comparison = Comparison.allCases.first { text.hasPrefix($0.rawValue) } ?? .equal
            let number = text.hasPrefix(comparison.rawValue) ? text.dropFirst(comparison.rawValue.count) : Substring(text)
            guard let count = Int(number), count >= 0 else { return nil }
            self.comparison = comparison
            self.count = count
        }

        func holds(for members: Int) -> Bool {
            switch comparison {
            case .equal: members == count
            case .less: members < count
            case .greater: members > count
            case .lessOrEqual: members <= count
            case .greaterOrEqual: members >= count
            }
        }
    }

    public init(json: JSONValue) {
        let key = json["key"]?.string.map(PropertyPath.init)
        switch json["kind"]?.string {
        case "event_match":
            guard let key, let pattern = json["pattern"]?.string else { self = .malformed; return }
            self = .eventMatch(key, GlobPattern(pattern))
        case "event_property_is":
            guard let key, let value = json["value"], value.isPlainValue else { self = .malformed; return }
            self = .eventPropertyIs(key, value)
        case "event_property_contains":
            guard let key, let value = json["value"], value.isPlainValue else { self = .malformed; return }
            self = .eventPropertyContains(key, value)
        case "contains_display_name":
            self = .containsDisplayName
        case "room_member_count":
            guard let count = json["is"]?.string.flatMap(MemberCount.init) else { self = .malformed; return }
            self = .roomMemberCount(count)
        case "sender_notification_permission":
            guard let key = json["key"]?.string else { self = .malformed; return }
            self = .senderNotificationPermission(key: key)
        case nil:
            self = .malformed
        default:
            self = .unknown
        }
    }

    /// Read through `judgement` in place: copying its event and room for each condition would
    /// cost a retain of each of their fields.
    func holds(for judgement: inout PushJudgement) -> Bool {
        switch self {
        case .eventMatch(let path, let pattern):
            guard let text = judgement.event.string(at: path, roomID: judgement.room.roomID) else { return false }
            // `content.body` matches at word boundaries, anywhere in the text.
            return path.isBody ? pattern.matchesWords(in: judgement.body()) : pattern.matchesWhole(text)
        case .eventPropertyIs(let path, let value):
            guard let found = judgement.event.value(at: path, roomID: judgement.room.roomID), found.isPlainValue else { return false }
            return found == value
        case .eventPropertyContains(let path, let value):
            return judgement.event.value(at: path, roomID: judgement.room.roomID)?.array?.contains(value) ?? false
        case .containsDisplayName:
            guard let name = judgement.room.ownNamePattern else { return false }
            return name.matchesWords(in: judgement.body())
        case .roomMemberCount(let count):
            return count.holds(for: judgement.room.memberCount)
        case .senderNotificationPermission(let key):
            return judgement.room.powerLevels.level(of: judgement.event.sender) >= judgement.room.powerLevels.levelNeeded(toNotify: key)
        case .unknown, .malformed:
            return false
        }
    }
}

extension JSONValue {
    /// What `event_property_is` and `_contains` compare: a string, an integer within JSON's safe
    /// range, a boolean or null.
    var isPlainValue: Bool {
        switch self {
        case .string, .bool, .null: true
        case .integer(let value): abs(value) <= (1 << 53) - 1
        case .double, .array, .object: false
        }
    }
}
