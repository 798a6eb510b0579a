import MatrixJSON

/// A room the user marked unread (spec v1.12, room account data `m.marked_unread`), read also
/// under the name clients used before the spec had it.
public enum MarkedUnread {
    public static let type = "m.marked_unread"
    static let unstableType = "com.famedly.marked_unread"

    /// The flag in a room's account data, when it is there (the stable name wins).
    static func flag(in accountData: [String: JSONValue]) -> Bool? {
        (accountData[type] ?? accountData[unstableType])?["unread"]?.bool
    }

    static func content(_ unread: Bool) -> JSONValue {
        ["unread": .bool(unread)]
    }
}
