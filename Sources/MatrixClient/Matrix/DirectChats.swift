import MatrixJSON

/// The account's `m.direct`: for each user, the rooms that are direct chats with them. Kept as
/// the JSON it came in, so adding a room writes back everything else untouched.
public struct DirectChats: Sendable, Equatable {
    public private(set) var content: JSONValue

    public init(content: JSONValue?) {
        if let content, content.object != nil {
            self.content = content
        } else {
            self.content = .object([:])
        }
    }

    public func rooms(with userID: String) -> [String] {
        content[userID]?.array?.compactMap(\.string) ?? []
    }

    public mutating func add(_ roomID: String, with userID: String) {
        guard var users = content.object else { return }
        users[userID] = .array((users[userID]?.array ?? []) + [.string(roomID)])
        content = .object(users)
    }
}
