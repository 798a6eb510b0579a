import MatrixJSON

/// A room's place in a space, as the spec links them: the space's `m.space.child` (state key:
/// the room) and the room's `m.space.parent` (state key: the space), each naming servers to
/// join through.
public struct SpaceLink: Sendable, Equatable {
    public static let childType = "m.space.child"
    public static let parentType = "m.space.parent"

    public var spaceID: String
    /// Servers to join through; the spec asks for at least one.
    public var via: [String]
    /// Clients list the space's suggested rooms first.
    public var isSuggested = false
    /// Where the room sorts among the space's children (up to 50 printable ASCII characters).
    public var order: String?

    public init(spaceID: String, via: [String], isSuggested: Bool = false, order: String? = nil) {
        self.spaceID = spaceID
        self.via = via
        self.isSuggested = isSuggested
        self.order = order
    }

    /// The space's `m.space.child` content for the room.
    public var childContent: JSONValue {
        var content: [String: JSONValue] = ["via": .array(via.map(JSONValue.string)), "suggested": .bool(isSuggested)]
        if let order { content["order"] = .string(order) }
        return .object(content)
    }

    /// The room's `m.space.parent` content: the space is its main one.
    public var parentContent: JSONValue {
        ["via": .array(via.map(JSONValue.string)), "canonical": true]
    }

    /// How a link is taken away: Element and the spec's clients read an event without `via` as none.
    public static let removed: JSONValue = [:]

    /// Whether `order` is one the spec accepts: 1 to 50 characters from space to `~`.
    public static func isValidOrder(_ order: String) -> Bool {
        (1...50).contains(order.unicodeScalars.count) && order.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
    }
}
