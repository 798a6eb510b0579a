/// Who of two people has no cross-signing identity: without one on both sides, verifying covers
/// only the device compared, never the person (their other and future devices). Element asks
/// both to set up recovery; `/recovery setup` is how, on either side.
public struct CrossSigningGaps: Sendable, Equatable {
    /// This account's ID, when it has no identity.
    public var ownUserID: String?
    /// The other person's ID, when they have none.
    public var otherUserID: String?

    public init(ownUserID: String? = nil, otherUserID: String? = nil) {
        self.ownUserID = ownUserID
        self.otherUserID = otherUserID
    }

    public var isEmpty: Bool { ownUserID == nil && otherUserID == nil }

    /// Those without one, this account first.
    public var userIDs: [String] { [ownUserID, otherUserID].compactMap(\.self) }
}
