import Foundation
import MatrixClient

/// What the session's commands produced.
public enum SessionOutcome: Sendable, Equatable {
    case loggedIn(SessionSummary)
    case loggedOut(userID: String)
    case whoami(SessionSummary)
    /// `/nick`: the account's display name as its server has it (`nil`: none is set), and
    /// whether the command just set it.
    case displayName(RemoteText?, userID: String, changed: Bool)
    /// `/account`: where the account is managed.
    case accountManagement(URL)
}

/// A session without its secret, for showing.
public struct SessionSummary: Sendable, Equatable {
    public var userID: String
    public var deviceID: String?
    public var homeserverURL: URL
    /// The method of sync in use, for `/whoami`; `nil` where not said or not chosen yet.
    public var syncMethod: SyncMethod?

    public init(userID: String, deviceID: String?, homeserverURL: URL, syncMethod: SyncMethod? = nil) {
        self.userID = userID
        self.deviceID = deviceID
        self.homeserverURL = homeserverURL
        self.syncMethod = syncMethod
    }
}
