import GRDB

/// Members' display names as the store keeps them (`member`). Those a batch has just saved are
/// known without a query: naming 1,000 rooms' heroes and the user in each took 5,000 of them.
struct StoredMemberNames {
    private struct Member: Hashable {
        let roomID: String
        let userID: String
    }

    private let statement: Statement
    /// What saving `saved` left in the store: a member's last row wins, a name-less one included.
    private var saved: [Member: String?] = [:]

    init(database: Database, saved members: [MemberRecord]) throws {
        statement = try database.cachedStatement(sql: "SELECT display_name FROM member WHERE room_id = ? AND user_id = ?")
        saved.reserveCapacity(members.count)
        for index in members.indices {
            saved.updateValue(members[index].displayName, forKey: Member(roomID: members[index].roomID, userID: members[index].userID))
        }
    }

    /// The user's name in the room; `nil` for a member without one, or for no member.
    func name(of userID: String, in roomID: String) throws -> String? {
        if let name = saved[Member(roomID: roomID, userID: userID)] { return name }
        return try String.fetchOne(statement, arguments: [roomID, userID])
    }
}
