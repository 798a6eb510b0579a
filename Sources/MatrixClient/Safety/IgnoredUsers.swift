import MatrixJSON

/// The people the user ignores (`m.ignored_user_list` account data): their messages, reactions
/// and invites are not shown, and the server stops sending them.
public enum IgnoredUsers {
    public static let type = "m.ignored_user_list"

    /// The users the content lists; whatever else it holds is kept when it is written again.
    static func userIDs(in content: JSONValue) -> Set<String> {
        Set(content["ignored_users"]?.object?.keys ?? [:].keys)
    }

    /// `content` with `userIDs` as its list, other fields (and each user's entry) as they were.
    static func content(_ content: JSONValue?, listing userIDs: Set<String>) -> JSONValue {
        var fields = content?.object ?? [:]
        let listed = fields["ignored_users"]?.object ?? [:]
        fields["ignored_users"] = .object(Dictionary(uniqueKeysWithValues: userIDs.sorted().map { ($0, listed[$0] ?? [:]) }))
        return .object(fields)
    }
}
