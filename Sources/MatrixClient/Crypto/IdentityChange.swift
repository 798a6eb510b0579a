/// A user's cross-signing identity changed: told in every room shared with them.
public struct IdentityChange: Sendable, Equatable {
    public var userID: String
    /// They were verified here (a verification violation: messages to them wait for the user);
    /// else they were not (a warning, sending goes on).
    public var wasVerified: Bool
    /// The joined rooms the store knows them in.
    public var sharedRoomIDs: [String]

    public init(userID: String, wasVerified: Bool, sharedRoomIDs: [String] = []) {
        self.userID = userID
        self.wasVerified = wasVerified
        self.sharedRoomIDs = sharedRoomIDs
    }
}
