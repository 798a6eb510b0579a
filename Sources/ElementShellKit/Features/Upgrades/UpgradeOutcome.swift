import MatrixClient

/// What `/upgrade` produced.
public enum UpgradeOutcome: Sendable, Equatable {
    /// The room `roomName` lives on as `roomID` (the open room now); its members were invited
    /// there, but for those the server refused.
    case upgraded(roomName: RemoteText, roomID: String, version: String, invited: [String], notInvited: [String])
}
